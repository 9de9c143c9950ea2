/**
 * Emacs-Agent's errors (specs/emacs-agent-http-sse.md, "Error Codes"): an HTTP status, and for
 * application errors a JSON body with a string code.
 */
import { z } from 'zod';

export const EmacsAgentHttpStatus = {
  Ok: 200,
  Created: 201,
  BadRequest: 400,
  NotFound: 404,
  Conflict: 409,
  TooManyRequests: 429,
  InternalServerError: 500,
  ServiceUnavailable: 503,
} as const;

export const EmacsAgentErrorCodes = {
  SessionNotFound: 'SESSION_NOT_FOUND',
  InvalidToolCall: 'INVALID_TOOL_CALL',
  PermissionDenied: 'PERMISSION_DENIED',
  LlmApiError: 'LLM_API_ERROR',
  McpServerError: 'MCP_SERVER_ERROR',
  TranscriptError: 'TRANSCRIPT_ERROR',
} as const;
export type EmacsAgentErrorCode = (typeof EmacsAgentErrorCodes)[keyof typeof EmacsAgentErrorCodes];

/**
 * The spec lists six codes, but statuses such as 400 and 429 have none of their own, so any
 * string is accepted as `code`; the six are in EmacsAgentErrorCodes.
 */
export const EmacsAgentErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type EmacsAgentErrorBody = z.infer<typeof EmacsAgentErrorBodySchema>;
