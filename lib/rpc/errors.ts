/**
 * Two kinds of failure, kept apart as in vscode-jsonrpc: `RpcError` travels on the wire with a
 * numeric JSON-RPC code; `ConnectionError` is this side's own trouble (closed, timed out,
 * cancelled) with a string code, never sent to the peer as such.
 */
import { ErrorCodes, type RpcErrorObject } from '../protocol/json-rpc';

export class RpcError extends Error {
  readonly code: number;
  readonly data: unknown;

  constructor(code: number, message: string, data?: unknown, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RpcError';
    this.code = code;
    this.data = data;
  }

  toErrorObject(): RpcErrorObject {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }

  static fromErrorObject(error: RpcErrorObject): RpcError {
    return new RpcError(error.code, error.message, error.data);
  }
}

export const parseError = (detail: string, data?: unknown, cause?: unknown) =>
  new RpcError(ErrorCodes.ParseError, `Parse error: ${detail}`, data, { cause });
export const invalidRequest = (detail: string) => new RpcError(ErrorCodes.InvalidRequest, `Invalid request: ${detail}`);
export const methodNotFound = (method: string) => new RpcError(ErrorCodes.MethodNotFound, `Method not found: ${method}`);
export const invalidParams = (method: string, issues: unknown) =>
  new RpcError(ErrorCodes.InvalidParams, `Invalid params for ${method}`, issues);
export const internalError = (detail: string, cause?: unknown) =>
  new RpcError(ErrorCodes.InternalError, `Internal error: ${detail}`, undefined, { cause });
export const requestCancelled = (method: string) => new RpcError(ErrorCodes.RequestCancelled, `Request cancelled: ${method}`);

export type ConnectionErrorCode = 'closed' | 'timeout' | 'cancelled' | 'invalid-result';

export class ConnectionError extends Error {
  readonly code: ConnectionErrorCode;

  constructor(code: ConnectionErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ConnectionError';
    this.code = code;
  }
}
