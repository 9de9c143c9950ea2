/**
 * The messages this side puts on the wire in answer to the peer: responses built from a
 * handler's outcome, and error responses.
 */
import { JSONRPC_VERSION, type RequestId, type RequestMessage } from '../protocol/json-rpc';
import { internalError, RpcError } from './errors';
import type { ProtocolDefinition } from '../protocol/protocol-definition';

export interface RequestContext {
  /**
   * Aborted when the connection closes while the handler still runs, or when the peer cancels
   * the request (the reason is then the -32800 error the peer has already been answered with).
   */
  signal: AbortSignal;
}

export type RequestHandler = (params: unknown, context: RequestContext) => unknown;

type ResultSchema = ProtocolDefinition['requests'][string]['result'];

/** Runs a request handler and returns the response it deserves; never rejects. */
export async function runHandler(
  handler: RequestHandler,
  resultSchema: ResultSchema,
  message: RequestMessage,
  params: unknown,
  signal: AbortSignal,
): Promise<object> {
  try {
    const result = await handler(params, { signal });
    const checked = resultSchema.safeParse(result);
    if (!checked.success) {
      return errorResponse(message.id, internalError(`${message.method} produced an invalid result`));
    }
    return { jsonrpc: JSONRPC_VERSION, id: message.id, result: checked.data ?? null };
  } catch (error) {
    const rpcError = error instanceof RpcError ? error : internalError(error instanceof Error ? error.message : String(error), error);
    return errorResponse(message.id, rpcError);
  }
}

export function errorResponse(id: RequestId | null, error: RpcError): object {
  return { jsonrpc: JSONRPC_VERSION, id, error: error.toErrorObject() };
}

export function withParams(message: Record<string, unknown>, params: unknown): object {
  return params === undefined ? message : { ...message, params };
}
