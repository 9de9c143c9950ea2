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
  /** Observed build only. */
  authenticatedUser: z.unknown().optional(),
});
export type AutohandGetStateResult = z.infer<typeof AutohandGetStateResultSchema>;

export const AutohandGetMessagesParamsSchema = z.object({ limit: z.number().int().positive().optional() }).nullish();

export const AutohandToolCallSchema = z.object({
  id: z.string(),
  name: z.string(),
  args: z.record(z.string(), z.unknown()),
});
export type AutohandToolCall = z.infer<typeof AutohandToolCallSchema>;

export const AutohandMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant', 'system', 'tool']),
  /** A real peer may send null for a message that is all tool calls. */
  content: z.string().nullable(),
  timestamp: z.string().nullish(),
  toolCalls: z.array(AutohandToolCallSchema).nullish(),
});
export type AutohandMessage = z.infer<typeof AutohandMessageSchema>;

export const AutohandGetMessagesResultSchema = z.object({ messages: z.array(AutohandMessageSchema) });

/**
 * Answers an `autohand.permissionRequest` notification, by its `requestId`. The observed build
 * also takes `decision` (one of the request's `options`), `alternative` (text) and `remember`.
 */
export const AutohandPermissionResponseParamsSchema = z.object({
  requestId: z.string(),
  allowed: z.boolean(),
  decision: z.string().optional(),
  alternative: z.string().optional(),
  remember: z.boolean().optional(),
});
export type AutohandPermissionResponseParams = z.infer<typeof AutohandPermissionResponseParamsSchema>;

export const AutohandPermissionAcknowledgedParamsSchema = z.object({ requestId: z.string() });

export const AutohandChangesDecisionParamsSchema = z.object({
  batchId: z.string(),
  action: z.enum(['accept_all', 'reject_all', 'accept_selected']),
  /** The changes to apply with 'accept_selected'. */
  selectedChangeIds: z.array(z.string()).optional(),
});
export type AutohandChangesDecisionParams = z.infer<typeof AutohandChangesDecisionParamsSchema>;

/** The observed build answers an unknown batch with `{success: false, errors}` and no counts. */
export const AutohandChangesDecisionResultSchema = z.object({
  success: z.boolean(),
  appliedCount: z.number().int().nonnegative().nullish(),
  skippedCount: z.number().int().nonnegative().nullish(),
  errors: z.array(z.union([z.object({ changeId: z.string().nullish(), error: z.string() }), z.string()])).nullish(),
});
export type AutohandChangesDecisionResult = z.infer<typeof AutohandChangesDecisionResultSchema>;
