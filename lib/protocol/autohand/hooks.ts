/**
 * Autohand's hook notifications, Autohand to client (specs/autohand-jsonrpc.md, "Hook Lifecycle
 * Notifications"): `autohand.hook.<event>`, for integrations that follow the agent's steps.
 */
import { z } from 'zod';
import { AutohandChangeTypeSchema } from './notifications';

const timestamp = z.string().nullish();

export const AutohandHookPreToolParamsSchema = z.object({
  toolId: z.string(),
  toolName: z.string(),
  args: z.record(z.string(), z.unknown()),
  timestamp,
});

export const AutohandHookPostToolParamsSchema = z.object({
  toolId: z.string(),
  toolName: z.string(),
  success: z.boolean(),
  duration: z.number(),
  output: z.string().optional(),
  timestamp,
});

export const AutohandHookFileModifiedParamsSchema = z.object({
  filePath: z.string(),
  changeType: AutohandChangeTypeSchema,
  toolId: z.string(),
  timestamp,
});

export const AutohandHookPrePromptParamsSchema = z.object({
  instruction: z.string(),
  mentionedFiles: z.array(z.string()),
  timestamp,
});

export const AutohandHookPostResponseParamsSchema = z.object({
  tokensUsed: z.number(),
  toolCallsCount: z.number().int().nonnegative(),
  duration: z.number(),
  timestamp,
});

/** `code` is a string here, unlike the number of `autohand.error`. */
export const AutohandHookSessionErrorParamsSchema = z.object({
  error: z.string(),
  code: z.string().optional(),
  context: z.record(z.string(), z.unknown()).optional(),
  timestamp,
});
