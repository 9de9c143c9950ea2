/**
 * Emacs-Agent's Server-Sent Events (specs/emacs-agent-http-sse.md, "Event Types"). Each event's
 * `event:` field repeats the `type` of its JSON data.
 *
 * The spec's examples spread one JSON object over several `data:` lines, while its Emacs parser
 * reads only the first `data:` line. The SSE standard joins `data:` lines with "\n", which makes
 * the examples whole JSON again; a reader must do that, and the fixtures are extracted so.
 */
import { z } from 'zod';
import { EmacsAgentStateSchema } from './agent-state';

export const MessageDeltaEventSchema = z.object({
  type: z.literal('message.delta'),
  /** The next piece of the answer. */
  content: z.string(),
  /** Only 'assistant' appears in the spec. */
  role: z.string(),
});

export const ToolCallEventSchema = z.object({
  type: z.literal('tool.call'),
  tool_call_id: z.string(),
  /** Like 'read_file'. */
  tool: z.string(),
  params: z.record(z.string(), z.unknown()),
  /** True: wait for POST …/approve or …/reject. */
  requires_approval: z.boolean(),
});

/**
 * `status` is 'success' in the example; the sequence diagrams add 'rejected' and 'error' (with a
 * `message`). `result` is text in the example; a tool's structured result is accepted too.
 */
export const ToolResultEventSchema = z.object({
  type: z.literal('tool.result'),
  tool_call_id: z.string(),
  status: z.enum(['success', 'error', 'rejected']),
  result: z.unknown().optional(),
  message: z.string().optional(),
});

/** Only 'write' appears as `operation`; the set is not given, so any string is accepted. */
export const FileChangedEventSchema = z.object({
  type: z.literal('file.changed'),
  path: z.string(),
  operation: z.string(),
  timestamp: z.string(),
});

export const AgentStateEventSchema = z.object({
  type: z.literal('agent.state'),
  state: EmacsAgentStateSchema,
  details: z.string().optional(),
});

/**
 * `code` is one of the application error codes in the example; the error flow diagram sends a
 * rate-limit error with a message alone, so it is optional and any string.
 */
export const ErrorEventSchema = z.object({
  type: z.literal('error'),
  message: z.string(),
  code: z.string().optional(),
});

export const EmacsAgentSseEventSchema = z.discriminatedUnion('type', [
  MessageDeltaEventSchema,
  ToolCallEventSchema,
  ToolResultEventSchema,
  FileChangedEventSchema,
  AgentStateEventSchema,
  ErrorEventSchema,
]);
export type EmacsAgentSseEvent = z.infer<typeof EmacsAgentSseEventSchema>;
export type EmacsAgentSseEventType = EmacsAgentSseEvent['type'];

/** One SSE frame: its `event:` name and its parsed `data:`, which must agree. */
export const EmacsAgentSseFrameSchema = z
  .object({ event: z.string(), data: EmacsAgentSseEventSchema })
  .refine((frame) => frame.event === frame.data.type, {
    message: 'the event name differs from the type of its data',
    path: ['event'],
  });
export type EmacsAgentSseFrame = z.infer<typeof EmacsAgentSseFrameSchema>;
