/**
 * Autohand's client methods, client to Autohand (specs/autohand-jsonrpc.md, "Client Methods").
 * Newline-delimited JSON-RPC 2.0 over stdio; method names are `autohand.<verb>`.
 */
import { z } from 'zod';
import { AbsentParamsSchema } from '../absent-params';

/** The answer of most methods. */
export const AutohandSuccessResultSchema = z.object({ success: z.boolean() });

/** The spec lists the image types it takes in a comment beside `mimeType`. */
export const AutohandImageMimeTypeSchema = z.enum(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export const AutohandPromptParamsSchema = z.object({
  message: z.string(),
  context: z
    .object({
      files: z.array(z.string()).optional(),
      selection: z
        .object({
          file: z.string(),
          startLine: z.number().int(),
          endLine: z.number().int(),
          text: z.string(),
        })
        .optional(),
    })
    .optional(),
  images: z
    .array(
      z.object({
        data: z.base64(),
        mimeType: AutohandImageMimeTypeSchema,
        filename: z.string().optional(),
      }),
    )
    .optional(),
});
export type AutohandPromptParams = z.infer<typeof AutohandPromptParamsSchema>;

/** Parameters "None": omitted, `null` or `{}`. */
export const AutohandNoParamsSchema = AbsentParamsSchema;

export const AutohandResetResultSchema = z.object({ sessionId: z.string() });

export const AutohandAgentStatusSchema = z.enum(['idle', 'processing', 'waiting_permission']);

export const AutohandGetStateResultSchema = z.object({
  status: AutohandAgentStatusSchema,
  /** null before the first session starts. */
  sessionId: z.string().nullable(),
  model: z.string(),
  workspace: z.string(),
  /** How full the model's context is, in percent. */
  contextPercent: z.number(),
  messageCount: z.number().int().nonnegative(),
});
export type AutohandGetStateResult = z.infer<typeof AutohandGetStateResultSchema>;

export const AutohandGetMessagesParamsSchema = z
  .object({ limit: z.number().int().positive().optional() })
  .nullish();

export const AutohandToolCallSchema = z.object({
  id: z.string(),
  name: z.string(),
  args: z.record(z.string(), z.unknown()),
});
export type AutohandToolCall = z.infer<typeof AutohandToolCallSchema>;

export const AutohandMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant', 'system', 'tool']),
  content: z.string(),
  timestamp: z.string(),
  toolCalls: z.array(AutohandToolCallSchema).optional(),
});
export type AutohandMessage = z.infer<typeof AutohandMessageSchema>;

export const AutohandGetMessagesResultSchema = z.object({ messages: z.array(AutohandMessageSchema) });

/** Answers an `autohand.permissionRequest` notification, by its `requestId`. */
export const AutohandPermissionResponseParamsSchema = z.object({
  requestId: z.string(),
  allowed: z.boolean(),
});

export const AutohandPermissionAcknowledgedParamsSchema = z.object({ requestId: z.string() });

export const AutohandChangesDecisionParamsSchema = z.object({
  batchId: z.string(),
  action: z.enum(['accept_all', 'reject_all', 'accept_selected']),
  /** The changes to apply with 'accept_selected'. */
  selectedChangeIds: z.array(z.string()).optional(),
});
export type AutohandChangesDecisionParams = z.infer<typeof AutohandChangesDecisionParamsSchema>;

export const AutohandChangesDecisionResultSchema = z.object({
  success: z.boolean(),
  appliedCount: z.number().int().nonnegative(),
  skippedCount: z.number().int().nonnegative(),
  errors: z.array(z.object({ changeId: z.string(), error: z.string() })).optional(),
});
