/**
 * Elicitation: an agent asks the user for input in the middle of a turn, as a form drawn from a
 * JSON Schema subset (ACP `elicitation/create` with `mode: "form"`, the same subset as MCP's
 * `elicitation/create`: string, number, integer, boolean, single-choice string enum, `required`),
 * or by sending the user to a URL (`mode: "url"`, e.g. a device login), which the agent later
 * reports done (`elicitation/complete`). https://agentclientprotocol.com/protocol/elicitation
 *
 * The relay records the question (`elicitation` content) and its end (`elicitationAnswered`), so a
 * thread opened later shows what was asked and what was answered; a tab answers with
 * `thread/answerElicitation`, which the relay checks against the question's schema.
 */
import { z } from 'zod';

/** Bounds on what an agent may ask, so one question cannot swamp a tab. */
const TEXT_LIMIT = 4000;
const FIELD_LIMIT = 50;

const fieldBase = {
  title: z.string().max(TEXT_LIMIT).nullish(),
  description: z.string().max(TEXT_LIMIT).nullish(),
};

/** A titled choice of a single-select enum (`oneOf: [{const, title}]`). */
const EnumOptionSchema = z.looseObject({ const: z.string().max(TEXT_LIMIT), title: z.string().max(TEXT_LIMIT) });

export const StringFieldSchema = z.looseObject({
  type: z.literal('string'),
  ...fieldBase,
  minLength: z.number().int().nonnegative().nullish(),
  maxLength: z.number().int().nonnegative().nullish(),
  /** Shown as a hint; Baton does not run an agent's regular expression on the relay. */
  pattern: z.string().max(TEXT_LIMIT).nullish(),
  format: z.string().max(100).nullish(),
  default: z.string().max(TEXT_LIMIT).nullish(),
  enum: z
    .array(z.string().max(TEXT_LIMIT))
    .max(FIELD_LIMIT * 4)
    .nullish(),
  oneOf: z
    .array(EnumOptionSchema)
    .max(FIELD_LIMIT * 4)
    .nullish(),
});

const NumericFieldSchema = (type: 'number' | 'integer') =>
  z.looseObject({
    type: z.literal(type),
    ...fieldBase,
    minimum: z.number().nullish(),
    maximum: z.number().nullish(),
    default: z.number().nullish(),
  });

export const BooleanFieldSchema = z.looseObject({ type: z.literal('boolean'), ...fieldBase, default: z.boolean().nullish() });

export const ElicitationFieldSchema = z.discriminatedUnion('type', [
  StringFieldSchema,
  NumericFieldSchema('number'),
  NumericFieldSchema('integer'),
  BooleanFieldSchema,
]);
export type ElicitationField = z.infer<typeof ElicitationFieldSchema>;

/** The form: an object schema whose properties are the fields above. */
export const ElicitationFormSchema = z.looseObject({
  type: z.literal('object').optional(),
  title: z.string().max(TEXT_LIMIT).nullish(),
  description: z.string().max(TEXT_LIMIT).nullish(),
  properties: z
    .record(z.string().min(1).max(200), ElicitationFieldSchema)
    .refine((properties) => Object.keys(properties).length <= FIELD_LIMIT, `a form may have at most ${FIELD_LIMIT} fields`)
    .default({}),
  required: z.array(z.string()).nullish(),
});
export type ElicitationForm = z.infer<typeof ElicitationFormSchema>;

/** A value of an answer, as ACP's `ElicitationContentValue` allows it. */
export const ElicitationValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);
export const ElicitationValuesSchema = z.record(z.string(), ElicitationValueSchema);
export type ElicitationValues = z.infer<typeof ElicitationValuesSchema>;

/** The question as the thread records it. */
export const ElicitationContentSchema = z.object({
  type: z.literal('elicitation'),
  /** The relay's id for it; for URL mode, the agent's `elicitationId`. */
  id: z.string().min(1),
  mode: z.enum(['form', 'url']),
  message: z.string().max(TEXT_LIMIT),
  /** Form mode: the fields to fill. */
  requestedSchema: ElicitationFormSchema.optional(),
  /** URL mode: where to send the user (shown as a link only when http or https). */
  url: z.string().max(8192).optional(),
  /** The agent's tool call it belongs to, when it named one. */
  toolCallId: z.string().optional(),
});
export type ElicitationContent = z.infer<typeof ElicitationContentSchema>;

/**
 * How a question ended: the user accepted (for a URL: opened it), declined or cancelled it; Stop
 * cancelled it; the agent withdrew it (`$/cancel_request`) or reported it done
 * (`elicitation/complete`); or the turn ended first.
 */
export const ElicitationOutcomeSchema = z.enum(['accepted', 'declined', 'cancelled', 'stopped', 'withdrawn', 'completed', 'ended']);
export type ElicitationOutcome = z.infer<typeof ElicitationOutcomeSchema>;

export const ElicitationAnsweredContentSchema = z.object({
  type: z.literal('elicitationAnswered'),
  id: z.string().min(1),
  outcome: ElicitationOutcomeSchema,
  /** With `accepted` in form mode: the values the user sent. */
  content: ElicitationValuesSchema.optional(),
  /** The paired device that answered (or stopped), by its name then (lib/protocol/devices.ts); absent when the main token's tab did. */
  device: z.string().min(1).max(60).optional(),
});

/** The thread entry a question folds into. `accepted` in URL mode: opened, waiting for the agent to finish. */
export const ElicitationEntrySchema = ElicitationContentSchema.omit({ type: true }).extend({
  type: z.literal('elicitation'),
  status: z.union([z.literal('pending'), ElicitationOutcomeSchema]),
  content: ElicitationValuesSchema.optional(),
  device: z.string().optional(),
});
export type ElicitationEntry = z.infer<typeof ElicitationEntrySchema>;

/** The user's answer, from a tab. */
export const ElicitationActionSchema = z.enum(['accept', 'decline', 'cancel']);
export type ElicitationAction = z.infer<typeof ElicitationActionSchema>;

export const AnswerElicitationParamsSchema = z.object({
  /** A thread id (thread-model.ts imports this file, so its schema is not imported back). */
  threadId: z.string().min(1),
  elicitationId: z.string().min(1),
  action: ElicitationActionSchema,
  /** With `accept` in form mode: the values, checked against the question's schema. */
  content: ElicitationValuesSchema.optional(),
});
export type AnswerElicitationParams = z.infer<typeof AnswerElicitationParamsSchema>;

export const elicitationRequests = {
  'thread/answerElicitation': { params: AnswerElicitationParamsSchema, result: z.object({}) },
} as const;
