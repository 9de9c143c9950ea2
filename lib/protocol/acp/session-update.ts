/**
 * `session/update` as Baton reads it (Agent Client Protocol v1, "Agent Reports Output":
 * https://agentclientprotocol.com/protocol/prompt-turn#3-agent-reports-output).
 *
 * The SDK's own schema for this notification is a closed union, and a notification that fails it
 * is dropped with a console line: one unknown kind or one `null` where the schema says a number
 * and the user would miss part of the turn. Real agents send both, so the ACP adapter reads this
 * one notification with these lenient schemas instead: every field optional, `null` taken as
 * absent, a malformed optional field dropped rather than the whole update, and any kind accepted
 * (the mapper logs the ones it does not know).
 */
import { z } from 'zod';

/** An optional field: `null` and malformed values both read as absent. */
const lenient = <T extends z.ZodType>(schema: T) => schema.nullish().catch(undefined);

/** ACP `ContentBlock`: text, image, audio, resource_link, resource. */
export const AcpContentBlockSchema = z.looseObject({
  type: z.string(),
  text: lenient(z.string()),
  uri: lenient(z.string()),
  name: lenient(z.string()),
  title: lenient(z.string()),
  mimeType: lenient(z.string()),
  resource: lenient(z.looseObject({ uri: lenient(z.string()), text: lenient(z.string()) })),
});
export type AcpContentBlock = z.infer<typeof AcpContentBlockSchema>;

/** ACP `ToolCallContent`: `content` (a block), `diff` (path, oldText, newText) or `terminal`. */
export const AcpToolCallContentSchema = z.looseObject({
  type: z.string(),
  content: lenient(AcpContentBlockSchema),
  path: lenient(z.string()),
  oldText: lenient(z.string()),
  newText: lenient(z.string()),
  terminalId: lenient(z.string()),
});
export type AcpToolCallContent = z.infer<typeof AcpToolCallContentSchema>;

export const AcpToolCallLocationSchema = z.looseObject({ path: z.string(), line: lenient(z.number()) });

/** Both `tool_call` and `tool_call_update`: an update only carries the fields that changed. */
export const AcpToolCallFieldsSchema = z.looseObject({
  toolCallId: z.string(),
  title: lenient(z.string()),
  kind: lenient(z.string()),
  status: lenient(z.enum(['pending', 'in_progress', 'completed', 'failed'])),
  content: lenient(z.array(AcpToolCallContentSchema.nullable().catch(null))),
  locations: lenient(z.array(AcpToolCallLocationSchema.nullable().catch(null))),
  rawInput: z.unknown().optional(),
  rawOutput: z.unknown().optional(),
});
export type AcpToolCallFields = z.infer<typeof AcpToolCallFieldsSchema>;

export const AcpPlanEntrySchema = z.looseObject({
  content: z.string(),
  priority: lenient(z.string()),
  status: lenient(z.string()),
});

export const AcpAvailableCommandSchema = z.looseObject({
  name: z.string(),
  description: lenient(z.string()),
  input: lenient(z.looseObject({ hint: lenient(z.string()) })),
});
export type AcpAvailableCommand = z.infer<typeof AcpAvailableCommandSchema>;

/**
 * ACP `SessionConfigOption`: the agent's own settings, model and mode among them; `type` is `select`
 * (`currentValue` one of `options`' values) or `boolean` (`currentValue` true or false, no options).
 */
export const AcpConfigOptionSchema = z.looseObject({
  id: z.string(),
  name: lenient(z.string()),
  description: lenient(z.string()),
  category: lenient(z.string()),
  type: lenient(z.string()),
  currentValue: z.unknown().optional(),
  options: lenient(
    z.array(
      z
        .union([
          z.looseObject({ value: z.string(), name: lenient(z.string()) }),
          // A group of options: `{group, name, options: [...]}`.
          z.looseObject({ group: z.string(), options: z.array(z.looseObject({ value: z.string(), name: lenient(z.string()) })) }),
        ])
        .nullable()
        .catch(null),
    ),
  ),
});
export type AcpConfigOption = z.infer<typeof AcpConfigOptionSchema>;

const updateOf = <K extends string, S extends z.core.$ZodLooseShape>(kind: K, shape: S) =>
  z.looseObject({ sessionUpdate: z.literal(kind), ...shape });

/** `messageId`: chunks of one message share it; a new one starts another message. */
const chunk = { content: AcpContentBlockSchema, messageId: lenient(z.string()) };

export const AcpKnownSessionUpdateSchema = z.discriminatedUnion('sessionUpdate', [
  updateOf('user_message_chunk', chunk),
  updateOf('agent_message_chunk', chunk),
  updateOf('agent_thought_chunk', chunk),
  AcpToolCallFieldsSchema.extend({ sessionUpdate: z.literal('tool_call') }),
  AcpToolCallFieldsSchema.extend({ sessionUpdate: z.literal('tool_call_update') }),
  updateOf('plan', { entries: z.array(AcpPlanEntrySchema.nullable().catch(null)).catch([]) }),
  updateOf('available_commands_update', {
    availableCommands: z.array(AcpAvailableCommandSchema.nullable().catch(null)).catch([]),
  }),
  updateOf('current_mode_update', { currentModeId: z.string() }),
  updateOf('config_option_update', { configOptions: z.array(AcpConfigOptionSchema.nullable().catch(null)).catch([]) }),
  updateOf('session_info_update', { title: lenient(z.string()) }),
  updateOf('usage_update', {
    used: lenient(z.number()),
    size: lenient(z.number()),
    cost: lenient(z.looseObject({ amount: lenient(z.number()), currency: lenient(z.string()) })),
  }),
]);
export type AcpKnownSessionUpdate = z.infer<typeof AcpKnownSessionUpdateSchema>;

export const AcpSessionNotificationSchema = z.looseObject({
  sessionId: z.string(),
  update: z.looseObject({ sessionUpdate: z.string() }),
});

/** What Baton reads of a `session/request_permission` the agent cancelled: whose card to end. */
export const AcpWithdrawnPermissionSchema = z.looseObject({
  sessionId: z.string(),
  toolCall: z.looseObject({ toolCallId: z.string() }),
});

export type AcpSessionUpdate = { known: true; update: AcpKnownSessionUpdate } | { known: false; kind: string; problem?: string };

/** A known kind read leniently, or what to log about one that is unknown or unreadable. */
export function readSessionUpdate(update: { sessionUpdate: string }): AcpSessionUpdate {
  const parsed = AcpKnownSessionUpdateSchema.safeParse(update);
  if (parsed.success) return { known: true, update: parsed.data };
  const known = AcpKnownSessionUpdateSchema.options.some((option) => option.shape.sessionUpdate.value === update.sessionUpdate);
  return { known: false, kind: update.sessionUpdate, ...(known ? { problem: z.prettifyError(parsed.error) } : {}) };
}
