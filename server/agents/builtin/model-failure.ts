/**
 * A failed model request in words the user can act on (issue 5: "an API error (401, 429,
 * network) is shown in the thread with what to do"). The hub shows the message of the error a
 * turn rejects with; these say what happened and what to do about it. Status codes and error
 * types: https://docs.anthropic.com/en/api/errors.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { AnthropicSdk } from './anthropic-sdk';

export type BuiltinAgentErrorCode =
  | 'model-key-refused'
  | 'model-access-denied'
  | 'model-not-found'
  | 'model-rate-limited'
  | 'model-overloaded'
  | 'model-unreachable'
  | 'model-connection-lost'
  | 'model-request-failed'
  | 'command-failed';

/** The relay's own failure to get an answer for a turn; `message` is meant for the user. */
export class BuiltinAgentError extends Error {
  override readonly name = 'BuiltinAgentError';

  constructor(
    readonly code: BuiltinAgentErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface ModelRequestContext {
  /** Where the requests went, e.g. `https://api.anthropic.com`. */
  endpoint: string;
  model: string;
}

/** `sdk` is the loaded SDK, whose error classes tell the failures apart. */
export function modelFailure(error: unknown, context: ModelRequestContext, sdk: AnthropicSdk): BuiltinAgentError {
  const fail = (code: BuiltinAgentErrorCode, message: string) => new BuiltinAgentError(code, message, { cause: error });
  if (error instanceof sdk.APIConnectionError) {
    const timedOut = error instanceof sdk.APIConnectionTimeoutError;
    const why = timedOut ? 'it did not answer in time' : networkReason(error);
    return fail(
      'model-unreachable',
      `Could not reach the model API at ${context.endpoint} (${why}). Check the network connection (and ANTHROPIC_BASE_URL, if set), then try again.`,
    );
  }
  if (error instanceof sdk.APIError) return apiFailure(error, context, fail);
  if (socketErrorCode(error) !== undefined) {
    return fail('model-connection-lost', 'The connection to the model API broke off mid-answer. Try again.');
  }
  return fail('model-request-failed', `The model request failed: ${messageOf(error)}`);
}

function apiFailure(
  error: InstanceType<typeof Anthropic.APIError>,
  context: ModelRequestContext,
  fail: (code: BuiltinAgentErrorCode, message: string) => BuiltinAgentError,
): BuiltinAgentError {
  const detail = apiErrorDetail(error);
  const type = detail?.type;
  const said = detail?.message ? `: ${detail.message}` : '';
  if (error.status === 401 || type === 'authentication_error') {
    return fail('model-key-refused', 'The model API refused the key (401). Check ANTHROPIC_API_KEY.');
  }
  if (error.status === 403 || type === 'permission_error') {
    return fail('model-access-denied', `The model API denied access (403)${said}. Check that ANTHROPIC_API_KEY may use ${context.model}.`);
  }
  if (error.status === 404 || type === 'not_found_error') {
    return fail(
      'model-not-found',
      `The model API has no ${context.model} (404)${said}. Pick another model, or check BATON_MODEL and ANTHROPIC_BASE_URL.`,
    );
  }
  if (error.status === 429 || type === 'rate_limit_error') {
    return fail('model-rate-limited', 'Rate limited (429): wait a moment and try again.');
  }
  if (error.status === 529 || type === 'overloaded_error') {
    return fail('model-overloaded', 'The model API is overloaded (529): wait a moment and try again.');
  }
  const status = error.status === undefined ? '' : ` (${error.status})`;
  if ((error.status ?? 0) >= 500 || type === 'api_error') {
    return fail('model-request-failed', `The model API failed${status}${said}. Try again in a moment.`);
  }
  return fail('model-request-failed', `The model API refused the request${status}${said || `: ${error.message}`}`);
}

/** The `{ type, message }` of an Anthropic error body, whether it came as a response or mid-stream. */
function apiErrorDetail(error: InstanceType<typeof Anthropic.APIError>): { type?: string; message?: string } | undefined {
  const body = error.error as { error?: { type?: unknown; message?: unknown } } | undefined;
  const inner = body?.error;
  if (!inner) return undefined;
  return {
    ...(typeof inner.type === 'string' ? { type: inner.type } : {}),
    ...(typeof inner.message === 'string' ? { message: inner.message } : {}),
  };
}

const NETWORK_REASONS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'name lookup failed',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_SOCKET: 'connection closed',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
};

function networkReason(error: unknown): string {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') return NETWORK_REASONS[code] ?? code;
  }
  // The innermost message is the most specific one (fetch wraps the system error twice).
  let innermost: unknown = error;
  while ((innermost as { cause?: unknown }).cause) innermost = (innermost as { cause: unknown }).cause;
  return messageOf(innermost);
}

/** A stream cut after it started surfaces as undici's socket error, not as an APIConnectionError. */
function socketErrorCode(error: unknown): string | undefined {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const code = (cause as { code?: unknown }).code;
    if (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET') return code;
  }
  return undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
