/**
 * Autohand's notifications, Autohand to client (specs/autohand-jsonrpc.md, "Server
 * Notifications"). Every one carries a `timestamp` string; the spec gives no format, so any
 * string is accepted (Autohand sends ISO 8601).
 */
import { z } from 'zod';
import { AutohandToolCallSchema } from './requests';

const timestamp = z.string();
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

export const AutohandTurnStartParamsSchema = z.object({
  turnId: z.string(),
  sessionId: z.string(),
  instruction: z.string(),
  timestamp,
});

export const AutohandTurnEndParamsSchema = z.object({
  turnId: z.string(),
  sessionId: z.string(),
  stats: z.object({
    tokensUsed: z.number(),
    /** The spec gives no unit; Autohand measures milliseconds. */
    duration: z.number(),
    contextPercent: z.number(),
  }),
  timestamp,
});

export const AutohandMessageStartParamsSchema = z.object({
  messageId: z.string(),
  turnId: z.string(),
  timestamp,
});

export const AutohandMessageUpdateParamsSchema = z.object({
  messageId: z.string(),
  /** The next piece of the answer. */
  delta: z.string(),
  /** The next piece of the model's reasoning, if any. */
  thought: z.string().optional(),
  timestamp,
});

export const AutohandMessageEndParamsSchema = z.object({
  messageId: z.string(),
  /** The whole answer. */
  content: z.string(),
  toolCalls: z.array(AutohandToolCallSchema).optional(),
  timestamp,
});

/**
 * The spec's own "Notification Format" example sends `autohand.toolStart` with only `toolId`
 * and `toolName`, against the section's `args` and `timestamp`. The example is taken as true:
 * both are optional here.
 */
export const AutohandToolStartParamsSchema = z.object({
  toolId: z.string(),
  toolName: z.string(),
  args: toolArguments.optional(),
  timestamp: timestamp.optional(),
});

export const AutohandToolUpdateParamsSchema = z.object({
  toolId: z.string(),
  output: z.string(),
  stream: z.enum(['stdout', 'stderr']),
  timestamp,
});

export const AutohandToolEndParamsSchema = z.object({
  toolId: z.string(),
  toolName: z.string(),
  success: z.boolean(),
  output: z.string().optional(),
  error: z.string().optional(),
  timestamp,
});

/** Answered with `autohand.permissionResponse` (and acknowledged with `permissionAcknowledged`). */
export const AutohandPermissionRequestParamsSchema = z.object({
  requestId: z.string(),
  tool: z.string(),
  description: z.string(),
  context: z
    .object({
      path: z.string().optional(),
      command: z.string().optional(),
      args: toolArguments.optional(),
    })
    .optional(),
  timestamp,
});

/**
 * `code` is a number; the spec does not tie it to the JSON-RPC codes of "Error Codes", so any
 * number is accepted.
 */
export const AutohandErrorParamsSchema = z.object({
  code: z.number(),
  message: z.string(),
  recoverable: z.boolean(),
  timestamp,
});

export const AutohandChangesBatchStartParamsSchema = z.object({
  batchId: z.string(),
  turnId: z.string(),
  timestamp,
});

export const AutohandChangeTypeSchema = z.enum(['create', 'modify', 'delete']);

export const AutohandFileChangeSchema = z.object({
  id: z.string(),
  filePath: z.string(),
  changeType: AutohandChangeTypeSchema,
  originalContent: z.string(),
  proposedContent: z.string(),
  description: z.string(),
  toolId: z.string(),
  toolName: z.string(),
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
  changeCount: z.number().int().nonnegative(),
  timestamp,
});
