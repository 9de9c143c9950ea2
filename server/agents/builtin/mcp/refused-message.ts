/**
 * What becomes of a message from an MCP server nested deeper than MAX_JSON_DEPTH: it is not
 * passed on (the SDK's handlers, Baton's tool results and the store all recurse into what they
 * get), and each side learns why. A response takes the place of an error response, so the call
 * waiting for it fails at once and says why; a request is answered with -32600; either way the
 * transport's owner hears of it.
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { MAX_JSON_DEPTH, measureJsonValue } from '../../../../lib/json/json-bounds';
import { ErrorCodes, JSONRPC_VERSION } from '../../../../lib/protocol/json-rpc';

export interface Refusal {
  /** Handed on instead of the message: an error response to the same id. */
  inPlace?: JSONRPCMessage;
  /** Sent back to the server: the error its request deserves. */
  reply?: JSONRPCMessage;
  error: Error;
}

export function refuseTooDeep(message: JSONRPCMessage): Refusal | undefined {
  if (measureJsonValue(message).over !== 'depth') return undefined;
  const text = `nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`;
  const error = { code: ErrorCodes.InvalidRequest, message: `Invalid request: ${text}` };
  const id = 'id' in message && (typeof message.id === 'string' || typeof message.id === 'number') ? message.id : undefined;
  const kind = 'method' in message ? (id === undefined ? 'notification' : 'request') : 'response';
  const refusal: Refusal = { error: new Error(`The MCP server sent a ${kind} ${text}; it was not read.`) };
  if (id === undefined) return refusal;
  if (kind === 'response')
    refusal.inPlace = { jsonrpc: JSONRPC_VERSION, id, error: { ...error, message: `The server's answer was ${text}; it was not read.` } };
  else refusal.reply = { jsonrpc: JSONRPC_VERSION, id, error };
  return refusal;
}
