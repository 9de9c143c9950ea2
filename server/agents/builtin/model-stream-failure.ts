/**
 * A failed model request as data a worker's message can carry (model-stream-worker.mjs writes it),
 * and the SDK's own error made of it again on the relay's thread, so that model-failure.ts tells
 * the failures apart as it does for a request made here: by the SDK's classes, the status and body
 * of an API error, and the system codes (ECONNREFUSED...) in the chain of causes.
 */
import type { AnthropicSdk } from './anthropic-sdk';

type ApiErrorType = ConstructorParameters<AnthropicSdk['APIError']>[4];

export interface FailureCause {
  name: string;
  message: string;
  code?: string;
  cause?: FailureCause;
}

export type ModelStreamFailure = {
  message: string;
  cause?: FailureCause;
} & (
  | { kind: 'timeout' | 'connection' }
  | { kind: 'api'; status?: number; body?: unknown; headers?: Record<string, string>; type?: string }
  | { kind: 'other'; name?: string; code?: string }
);

/** The error `failure` describes, as the SDK (`sdk`) would have thrown it. */
export function rebuiltFailure(failure: ModelStreamFailure, sdk: AnthropicSdk): Error {
  const cause = failure.cause === undefined ? undefined : rebuiltCause(failure.cause);
  switch (failure.kind) {
    case 'timeout':
      return new sdk.APIConnectionTimeoutError({ message: failure.message });
    case 'connection':
      return new sdk.APIConnectionError({ message: failure.message, ...(cause ? { cause } : {}) });
    case 'api': {
      const headers = new Headers(failure.headers ?? {});
      // A status-less one is an error event in the middle of the stream (the SDK's streaming.js).
      const error =
        failure.status === undefined
          ? new sdk.APIError(undefined, failure.body as object | undefined, undefined, headers, failure.type as ApiErrorType)
          : sdk.APIError.generate(failure.status, failure.body as object | undefined, undefined, headers);
      error.message = failure.message;
      return error;
    }
    case 'other':
      return withCode(new Error(failure.message, cause ? { cause } : undefined), failure.name, failure.code);
  }
}

function rebuiltCause(cause: FailureCause): Error {
  const inner = cause.cause === undefined ? undefined : rebuiltCause(cause.cause);
  return withCode(new Error(cause.message, inner ? { cause: inner } : undefined), cause.name, cause.code);
}

function withCode(error: Error, name: string | undefined, code: string | undefined): Error {
  if (name !== undefined) error.name = name;
  if (code !== undefined) Object.assign(error, { code });
  return error;
}
