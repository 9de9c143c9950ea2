/**
 * Every Emacs-Agent endpoint as one table (specs/emacs-agent-http-sse.md, "Endpoints", "Event
 * Stream Endpoint"): method, path, the schemas of its query, request and response bodies, and the
 * status of success.
 *
 * The spec gives the base URL as `http://localhost:9420/api` and then writes every path with
 * `/api` again (`POST /api/sessions`). Paths here are the full paths of the HTTP examples, to be
 * put after the origin, `http://localhost:9420` by default.
 */
import type { z } from 'zod';
import { EmacsAgentHttpStatus } from './emacs-agent-errors';
import {
  ApproveToolCallRequestSchema,
  ApproveToolCallResponseSchema,
  CreateSessionRequestSchema,
  CreateSessionResponseSchema,
  EndSessionResponseSchema,
  GetTranscriptQuerySchema,
  InterruptResponseSchema,
  ListTranscriptsQuerySchema,
  ListTranscriptsResponseSchema,
  PromptRequestSchema,
  PromptResponseSchema,
  RejectToolCallRequestSchema,
  RejectToolCallResponseSchema,
  ResumeSessionResponseSchema,
  SessionInfoResponseSchema,
  TranscriptResponseSchema,
} from './rest-bodies';
import { EmacsAgentSseEventSchema } from './sse-events';

export const EMACS_AGENT_DEFAULT_ORIGIN = 'http://localhost:9420';

export interface EmacsAgentEndpoint {
  method: 'GET' | 'POST' | 'DELETE';
  /** `{session_id}` marks the one path parameter. */
  path: string;
  query?: z.ZodType;
  /** Absent: the request has no body. */
  request?: z.ZodType;
  /** For `events`, the schema of each event of the stream. */
  response: z.ZodType;
  successStatus: number;
  /** 'json' unless said otherwise. */
  responseKind?: 'json' | 'event-stream' | 'transcript';
}

export const emacsAgentEndpoints = {
  createSession: {
    method: 'POST',
    path: '/api/sessions',
    request: CreateSessionRequestSchema,
    response: CreateSessionResponseSchema,
    successStatus: EmacsAgentHttpStatus.Created,
  },
  getSession: {
    method: 'GET',
    path: '/api/sessions/{session_id}',
    response: SessionInfoResponseSchema,
    successStatus: EmacsAgentHttpStatus.Ok,
  },
  endSession: {
    method: 'DELETE',
    path: '/api/sessions/{session_id}',
    response: EndSessionResponseSchema,
    successStatus: EmacsAgentHttpStatus.Ok,
  },
  sendPrompt: {
    method: 'POST',
    path: '/api/sessions/{session_id}/prompt',
    request: PromptRequestSchema,
    response: PromptResponseSchema,
    successStatus: EmacsAgentHttpStatus.Ok,
  },
  interrupt: {
    method: 'POST',
    path: '/api/sessions/{session_id}/interrupt',
    response: InterruptResponseSchema,
    successStatus: EmacsAgentHttpStatus.Ok,
  },
  approveToolCall: {
    method: 'POST',
    path: '/api/sessions/{session_id}/approve',
    request: ApproveToolCallRequestSchema,
    response: ApproveToolCallResponseSchema,
    successStatus: EmacsAgentHttpStatus.Ok,
  },
  rejectToolCall: {
    method: 'POST',
    path: '/api/sessions/{session_id}/reject',
    request: RejectToolCallRequestSchema,
    response: RejectToolCallResponseSchema,
    successStatus: EmacsAgentHttpStatus.Ok,
  },
  getTranscript: {
    method: 'GET',
    path: '/api/sessions/{session_id}/transcript',
    query: GetTranscriptQuerySchema,
    response: TranscriptResponseSchema,
    successStatus: EmacsAgentHttpStatus.Ok,
    responseKind: 'transcript',
  },
  listTranscripts: {
    method: 'GET',
    path: '/api/transcripts',
    query: ListTranscriptsQuerySchema,
    response: ListTranscriptsResponseSchema,
    successStatus: EmacsAgentHttpStatus.Ok,
  },
  resumeSession: {
    method: 'POST',
    path: '/api/sessions/{session_id}/resume',
    response: ResumeSessionResponseSchema,
    successStatus: EmacsAgentHttpStatus.Ok,
  },
  subscribeEvents: {
    method: 'GET',
    path: '/api/sessions/{session_id}/events',
    response: EmacsAgentSseEventSchema,
    successStatus: EmacsAgentHttpStatus.Ok,
    responseKind: 'event-stream',
  },
} as const satisfies Record<string, EmacsAgentEndpoint>;

export type EmacsAgentEndpointName = keyof typeof emacsAgentEndpoints;

/** The path of an endpoint for one session, its id escaped. */
export function emacsAgentPath(name: EmacsAgentEndpointName, sessionId?: string): string {
  const { path } = emacsAgentEndpoints[name];
  if (!path.includes('{session_id}')) return path;
  if (sessionId === undefined || sessionId === '') throw new Error(`${name} needs a session id`);
  return path.replace('{session_id}', encodeURIComponent(sessionId));
}
