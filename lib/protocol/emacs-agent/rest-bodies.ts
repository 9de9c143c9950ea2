/**
 * Emacs-Agent's REST request and response bodies (specs/emacs-agent-http-sse.md, "HTTP REST
 * API"). Field names are the wire's snake_case. The spec says nothing of which request fields are
 * required; those without which the request means nothing are, the rest are optional.
 */
import { z } from 'zod';
import { EmacsAgentSessionIdSchema, EmacsAgentStateSchema } from './agent-state';

/** RFC 3339, as in the examples; any string is accepted. */
const timestamp = z.string();

export const CreateSessionRequestSchema = z.object({
  project_path: z.string().min(1),
  model: z.string().optional(),
  config: z
    .object({
      auto_approve_readonly: z.boolean().optional(),
      save_transcript: z.boolean().optional(),
    })
    .optional(),
});
export type CreateSessionRequest = z.infer<typeof CreateSessionRequestSchema>;

export const CreateSessionResponseSchema = z.object({
  session_id: EmacsAgentSessionIdSchema,
  status: z.literal('active'),
  created_at: timestamp,
});

/** Only 'active' appears; an ended session answers 'closed' to DELETE, so both are accepted. */
export const SessionStatusSchema = z.enum(['active', 'closed']);

export const SessionInfoResponseSchema = z.object({
  session_id: EmacsAgentSessionIdSchema,
  status: SessionStatusSchema,
  project_path: z.string(),
  model: z.string(),
  message_count: z.number().int().nonnegative(),
  started_at: timestamp,
});
export type SessionInfoResponse = z.infer<typeof SessionInfoResponseSchema>;

export const EndSessionResponseSchema = z.object({
  status: z.literal('closed'),
  transcript_path: z.string(),
});

export const PromptRequestSchema = z.object({
  text: z.string().min(1),
  /** What the editor shows; lines and columns as Emacs counts them. */
  context: z
    .object({
      current_file: z.string().optional(),
      cursor_position: z.object({ line: z.number().int(), column: z.number().int() }).optional(),
      visible_region: z.object({ start: z.number().int(), end: z.number().int() }).optional(),
    })
    .optional(),
});
export type PromptRequest = z.infer<typeof PromptRequestSchema>;

/**
 * "Send Prompt" answers without `timestamp`; the same answer under "Data Formats" has one.
 * Both examples are taken as true: it is optional.
 */
export const PromptResponseSchema = z.object({
  status: z.literal('accepted'),
  agent_state: EmacsAgentStateSchema,
  timestamp: timestamp.optional(),
});

export const InterruptResponseSchema = z.object({
  status: z.literal('interrupted'),
  agent_state: EmacsAgentStateSchema,
});

export const ApproveToolCallRequestSchema = z.object({ tool_call_id: z.string().min(1) });
export const ApproveToolCallResponseSchema = z.object({
  status: z.literal('approved'),
  tool_call_id: z.string(),
});

export const RejectToolCallRequestSchema = z.object({
  tool_call_id: z.string().min(1),
  /** Told to the model. */
  reason: z.string().optional(),
});
export const RejectToolCallResponseSchema = z.object({
  status: z.literal('rejected'),
  tool_call_id: z.string(),
});

export const TranscriptFormatSchema = z.enum(['json', 'markdown', 'org']);

export const GetTranscriptQuerySchema = z.object({ format: TranscriptFormatSchema.default('json') });

/**
 * "Transcript in requested format": Markdown and Org are text; the JSON transcript's shape is not
 * given, so any JSON value is accepted.
 */
export const TranscriptResponseSchema = z.unknown();

export const ListTranscriptsQuerySchema = z.object({ project: z.string().optional() });

export const TranscriptSummarySchema = z.object({
  session_id: EmacsAgentSessionIdSchema,
  project_path: z.string(),
  started_at: timestamp,
  message_count: z.number().int().nonnegative(),
  files_changed: z.array(z.string()),
});
export type TranscriptSummary = z.infer<typeof TranscriptSummarySchema>;

export const ListTranscriptsResponseSchema = z.object({ transcripts: z.array(TranscriptSummarySchema) });

export const ResumeSessionResponseSchema = z.object({
  status: z.literal('resumed'),
  session_id: EmacsAgentSessionIdSchema,
  message_count: z.number().int().nonnegative(),
});
