/**
 * Autohand's error codes (specs/autohand-jsonrpc.md, "Error Codes"): the five of JSON-RPC 2.0
 * and five of its own in the range JSON-RPC leaves to servers. One factory per own code, making the
 * wire's error object (the standard codes have theirs in lib/rpc/errors.ts); a side that throws one
 * wraps it with `RpcError.fromErrorObject`, so the schemas never lean on the JSON-RPC engine.
 */
import { ErrorCodes, type RpcErrorObject } from '../json-rpc';

export const AutohandErrorCodes = {
  ParseError: ErrorCodes.ParseError,
  InvalidRequest: ErrorCodes.InvalidRequest,
  MethodNotFound: ErrorCodes.MethodNotFound,
  InvalidParams: ErrorCodes.InvalidParams,
  InternalError: ErrorCodes.InternalError,
  /** A tool or action failed. */
  ExecutionError: -32000,
  /** The user denied permission. */
  PermissionDenied: -32001,
  /** The operation timed out. */
  Timeout: -32002,
  /** The agent is processing another request. */
  AgentBusy: -32003,
  /** The operation was aborted. */
  Aborted: -32004,
} as const;
export type AutohandErrorCode = (typeof AutohandErrorCodes)[keyof typeof AutohandErrorCodes];

const wireError = (code: AutohandErrorCode, message: string, data: unknown): RpcErrorObject =>
  data === undefined ? { code, message } : { code, message, data };

export const executionError = (detail: string, data?: unknown) =>
  wireError(AutohandErrorCodes.ExecutionError, `Execution error: ${detail}`, data);
export const permissionDenied = (detail: string, data?: unknown) =>
  wireError(AutohandErrorCodes.PermissionDenied, `Permission denied: ${detail}`, data);
export const timeoutError = (detail: string, data?: unknown) => wireError(AutohandErrorCodes.Timeout, `Timeout: ${detail}`, data);
export const agentBusy = (detail: string, data?: unknown) => wireError(AutohandErrorCodes.AgentBusy, `Agent busy: ${detail}`, data);
export const abortedError = (detail: string, data?: unknown) => wireError(AutohandErrorCodes.Aborted, `Aborted: ${detail}`, data);
