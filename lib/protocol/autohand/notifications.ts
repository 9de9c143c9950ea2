/**
 * Autohand's notifications, Autohand to client (specs/autohand-jsonrpc.md, "Server
 * Notifications"). Every one carries a `timestamp` string; the spec gives no format, so any
 * string is accepted (Autohand sends ISO 8601), and a missing or null one is no reason to drop
 * the notification. Where a real build (specs/autohand-observed.md) sends other shapes, both are
 * accepted; optional fields take `null` too, as real peers send it for "absent".
 */
import { z } from 'zod';
import { AutohandToolCallSchema } from './requests';

const timestamp = z.string().nullish();
const toolArguments = z.record(z.string(), z.unknown());

export const AutohandAgentStartParamsSchema = z.object({
  sessionId: z.string(),
  model: z.string(),
  workspace: z.string(),
  timestamp,
  contextPercent: z.number(),
});

export const AutohandAgentEndParamsSchema = z.object({
  sessionId: z.string(),
  reason: z.enum(['completed', 'aborted', 'error']),
  timestamp,
});

/** The observed build sends only `turnId` and `timestamp`. */
export const AutohandTurnStartParamsSchema = z.object({
  turnId: z.string(),
  sessionId: z.string().nullish(),
  instruction: z.string().nullish(),
  timestamp,
});

/**
 * The reference nests the figures in `stats`; the observed build sends them flat, with
 * `durationMs`, whether the token count is real (`tokensUsageStatus`) and why the turn ended.
 */
export const AutohandTurnEndParamsSchema = z.object({
  turnId: z.string().nullish(),
  sessionId: z.string().nullish(),
  stats: z
    .object({
      tokensUsed: z.number().nullish(),
      /** The spec gives no unit; Autohand measures milliseconds. */
      duration: z.number().nullish(),
      contextPercent: z.number().nullish(),
    })
    .nullish(),
  tokensUsed: z.number().nullish(),
  tokensUsageStatus: z.enum(['actual', 'unavailable']).or(z.string()).nullish(),
  durationMs: z.number().nullish(),
  contextPercent: z.number().nullish(),
  reason: z.enum(['completed', 'aborted']).or(z.string()).nullish(),
  timestamp,
});
export type AutohandTurnEndParams = z.infer<typeof AutohandTurnEndParamsSchema>;

/** The observed build adds `role: 'assistant'` and leaves out `turnId`. */
export const AutohandMessageStartParamsSchema = z.object({
  messageId: z.string(),
  turnId: z.string().nullish(),
  role: z.string().nullish(),
  timestamp,
});

export const AutohandMessageUpdateParamsSchema = z.object({
  messageId: z.string(),
  /** The next piece of the answer; the observed build may send a whole answer in one. */
  delta: z.string().nullish(),
  /** The next piece of the model's reasoning, if any. */
  thought: z.string().nullish(),
  timestamp,
});

export const AutohandMessageEndParamsSchema = z.object({
  messageId: z.string(),
  /** The whole answer ('' when aborted). */
  content: z.string().nullish(),
  toolCalls: z.array(AutohandToolCallSchema).nullish(),
  /** Observed: an aborted turn's message ends with `aborted: true`. */
  aborted: z.boolean().nullish(),
  timestamp,
});

/**
 * The spec's own "Notification Format" example sends `autohand.toolStart` with only `toolId`
 * and `toolName`, against the section's `args` and `timestamp`. The example is taken as true:
 * both are optional here. The observed build adds a `type` key to `args` naming the tool.
 */
export const AutohandToolStartParamsSchema = z.object({
  toolId: z.string(),
  toolName: z.string(),
  args: toolArguments.nullish(),
  timestamp,
});

export const AutohandToolUpdateParamsSchema = z.object({
  toolId: z.string(),
  output: z.string(),
  stream: z.enum(['stdout', 'stderr']).nullish(),
  timestamp,
});

export const AutohandToolEndParamsSchema = z.object({
  toolId: z.string(),
  toolName: z.string().nullish(),
  success: z.boolean(),
  output: z.string().nullish(),
  error: z.string().nullish(),
  timestamp,
});

/**
 * The observed build's answers to a permission request, sent back as `decision`. Unknown ones
 * are kept (as strings) so that a newer build's options do not drop the request.
 */
export const AutohandPermissionOptionSchema = z.string();
export const AUTOHAND_PERMISSION_OPTIONS = [
  'allow_once',
  'deny_once',
  'allow_session',
  'deny_session',
  'allow_always_project',
  'allow_always_user',
  'deny_always_project',
  'deny_always_user',
  'alternative',
] as const;

/** Answered with `autohand.permissionResponse` (and acknowledged with `permissionAcknowledged`). */
export const AutohandPermissionRequestParamsSchema = z.object({
  requestId: z.string(),
  tool: z.string(),
  description: z.string(),
  context: z
    .object({
      path: z.string().nullish(),
      command: z.string().nullish(),
      args: toolArguments.nullish(),
    })
    .nullish(),
  /** Observed build only: the answers it takes as `decision`. */
  options: z.array(AutohandPermissionOptionSchema).nullish(),
  timestamp,
});
export type AutohandPermissionRequestParams = z.infer<typeof AutohandPermissionRequestParamsSchema>;

/**
 * `code` is a number; the spec does not tie it to the JSON-RPC codes of "Error Codes", so any
 * number is accepted.
 */
export const AutohandErrorParamsSchema = z.object({
  code: z.number(),
  message: z.string(),
  recoverable: z.boolean().nullish(),
  timestamp,
});

export const AutohandChangesBatchStartParamsSchema = z.object({
  batchId: z.string(),
  turnId: z.string().nullish(),
  timestamp,
});

export const AutohandChangeTypeSchema = z.enum(['create', 'modify', 'delete']);

export const AutohandFileChangeSchema = z.object({
  id: z.string(),
  filePath: z.string(),
  changeType: AutohandChangeTypeSchema,
  /** null for a file that did not exist. */
  originalContent: z.string().nullish(),
  proposedContent: z.string().nullish(),
  description: z.string().nullish(),
  /** The observed build may send '' for both. */
  toolId: z.string().nullish(),
  toolName: z.string().nullish(),
});
export type AutohandFileChange = z.infer<typeof AutohandFileChangeSchema>;

export const AutohandChangesBatchUpdateParamsSchema = z.object({
  batchId: z.string(),
  change: AutohandFileChangeSchema,
  timestamp,
});

/** Answered with `autohand.changesDecision`. */
export const AutohandChangesBatchEndParamsSchema = z.object({
  batchId: z.string(),
  changeCount: z.number().int().nonnegative().nullish(),
  timestamp,
});
