/**
 * The errors the ECA server answers with. The ECA spec defines no error codes of its own and
 * follows LSP, so these are LSP's (https://microsoft.github.io/language-server-protocol/
 * specifications/lsp/3.17/specification/#errorCodes). Baton's browser protocol has codes of its
 * own (BatonErrorCodes), but one of them reuses -32002, so none of them are sent to an editor.
 */
import { ErrorCodes } from '../../lib/protocol/json-rpc';
import { invalidRequest, RpcError } from '../../lib/rpc/errors';
import { RelayError, type RelayErrorCode } from '../../lib/rpc/relay-error';

export const LspErrorCodes = {
  /** LSP: a request other than `initialize` arrived before the server was initialized. */
  ServerNotInitialized: -32002,
  /** LSP: the request was well formed and understood, but could not be done (the message says why). */
  RequestFailed: -32803,
} as const;

export const serverNotInitialized = (method: string) =>
  new RpcError(LspErrorCodes.ServerNotInitialized, `The server is not initialized: send initialize before ${method}.`);

export const alreadyInitialized = () => invalidRequest('initialize was already received');

/** LSP: after `shutdown`, every request but `exit` (a notification) is answered with InvalidRequest. */
export const serverShutDown = (method: string) => invalidRequest(`the server is shut down, ${method} is refused; send exit`);

export const requestFailed = (message: string) => new RpcError(LspErrorCodes.RequestFailed, message);

/** Well-formed params that name nothing the server has (a message id a chat does not hold). */
export const invalidParams = (message: string) => new RpcError(ErrorCodes.InvalidParams, message);

/**
 * The relay's own failures (string codes) an editor can meet, by code: a chat id that names no chat,
 * or a point that is no user message, is a bad parameter; a chat whose turn still runs is a request
 * that failed. Any other error goes on as it is.
 */
const ECA_ERRORS: Partial<Record<RelayErrorCode, (message: string) => RpcError>> = {
  'unknown-thread': invalidParams,
  'invalid-rewind-point': invalidParams,
  'thread-busy': requestFailed,
};

export function toEcaRpcError(error: unknown): unknown {
  if (!(error instanceof RelayError)) return error;
  const answer = ECA_ERRORS[(error as RelayError).code];
  return answer ? answer(error.message) : error;
}

/** Runs a handler, answering the hub's failures as JSON-RPC errors. */
export async function asEcaRpc<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toEcaRpcError(error);
  }
}
