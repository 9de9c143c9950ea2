/**
 * Autohand's error codes (specs/autohand-jsonrpc.md, "Error Codes"): the five of JSON-RPC 2.0
 * and five of its own in the range JSON-RPC leaves to servers. One factory per own code; the
 * standard ones have theirs in lib/rpc/errors.ts.
 */
import { ErrorCodes } from '../json-rpc';
import { RpcError } from '../../rpc/errors';

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

export const executionError = (detail: string, data?: unknown) =>
  new RpcError(AutohandErrorCodes.ExecutionError, `Execution error: ${detail}`, data);
export const permissionDenied = (detail: string, data?: unknown) =>
  new RpcError(AutohandErrorCodes.PermissionDenied, `Permission denied: ${detail}`, data);
export const timeoutError = (detail: string, data?: unknown) => new RpcError(AutohandErrorCodes.Timeout, `Timeout: ${detail}`, data);
export const agentBusy = (detail: string, data?: unknown) => new RpcError(AutohandErrorCodes.AgentBusy, `Agent busy: ${detail}`, data);
export const abortedError = (detail: string, data?: unknown) => new RpcError(AutohandErrorCodes.Aborted, `Aborted: ${detail}`, data);
