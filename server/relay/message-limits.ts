/**
 * What one tab may send: messages up to a size and a nesting depth, at a rate. Sits between a
 * tab's socket transport and its JSON-RPC connection, so the connection never sees what the
 * limits refuse and the tab learns why: a request over a limit is answered with a JSON-RPC error
 * and the socket stays open.
 *
 * socket.io's own cap (`maxHttpBufferSize`) is set to twice the relay's: a message between the
 * two is refused here with an error that names the limit; only one beyond socket.io's cap ends
 * the connection (WebSocket close code 1009, "message too big"), as socket.io will not buffer it.
 */
import { isJsonTextTooDeep, MAX_JSON_DEPTH, measureJsonValue } from '../../lib/json/json-bounds';
import { ErrorCodes, JSONRPC_VERSION, RequestIdSchema, type RequestId } from '../../lib/protocol/json-rpc';
import { RpcError } from '../../lib/rpc/errors';
import type { Transport } from '../../lib/rpc/transport';
import { TokenBucket } from './token-bucket';

export interface MessageLimits {
  /** Largest incoming message, serialised as JSON, in bytes. */
  maxMessageBytes: number;
  /** Messages a tab may send at once (an element of a batch counts as one)... */
  burst: number;
  /** ...and on average per second after that. */
  perSecond: number;
}

export const DEFAULT_MESSAGE_LIMITS: MessageLimits = {
  maxMessageBytes: 4 * 1024 * 1024,
  // A tab sends a handful of messages when it connects and one per user action after that.
  burst: 60,
  perSecond: 30,
};

/** Codes in the range JSON-RPC leaves to servers, none of them one of BatonErrorCodes (rpc-errors.test.ts checks). */
export const LimitErrorCodes = {
  RateLimited: -32005,
  MessageTooLarge: -32006,
  /** outgoing-bounds.ts: more requests wait for this tab than it may have waiting. */
  TooManyPending: -32008,
} as const;

export function transportMaxBytes(limits: MessageLimits): number {
  return limits.maxMessageBytes * 2;
}

export interface IncomingLimitOptions {
  log: (message: string) => void;
  now?: () => number;
}

/** Wraps a transport so that its `onmessage` receives only what the limits let through. */
export function withIncomingLimits(inner: Transport, limits: MessageLimits, options: IncomingLimitOptions): Transport {
  const bucket = new TokenBucket({ capacity: limits.burst, perSecond: limits.perSecond, now: options.now });
  const outer: Transport = {
    send: (message) => inner.send(message),
    close: () => inner.close(),
  };
  inner.onclose = (reason) => outer.onclose?.(reason);
  inner.onerror = (error) => outer.onerror?.(error);
  inner.onmessage = (message) => {
    const measure = measured(message);
    if (measure.bytes > limits.maxMessageBytes) {
      const error = new RpcError(
        LimitErrorCodes.MessageTooLarge,
        `Message too large: ${measure.bytes} bytes; the limit is ${limits.maxMessageBytes}`,
        { limitBytes: limits.maxMessageBytes, messageBytes: measure.bytes },
      );
      // Answered even when no id can be read from it: the sender must learn it was not handled.
      answer(inner, message, error, { evenWithoutId: true });
      return;
    }
    if (measure.tooDeep) {
      answer(inner, message, depthError(message), { evenWithoutId: true });
      return;
    }
    const cost = Array.isArray(message) ? Math.max(1, message.length) : 1;
    if (!bucket.tryTake(cost)) {
      const retryAfterMs = bucket.waitMs(Math.min(cost, limits.burst));
      const error = new RpcError(
        LimitErrorCodes.RateLimited,
        `Rate limited: more than ${limits.perSecond} messages per second; retry in ${retryAfterMs} ms`,
        { retryAfterMs },
      );
      // Notifications get no answer (JSON-RPC 2.0 §4.1); the relay's log says they were dropped.
      if (!answer(inner, message, error, { evenWithoutId: false })) {
        options.log(`rate limited: dropped ${describe(message)}`);
      }
      return;
    }
    outer.onmessage?.(message);
  };
  return outer;
}

/**
 * Its size and whether it nests deeper than MAX_JSON_DEPTH, neither measure recursing: a
 * message a few thousand levels deep would overflow the stack of `JSON.stringify` and end the
 * relay. socket.io's own cap bounds what there is to count. A batch's own brackets are not a
 * level of its messages.
 */
function measured(message: unknown): { bytes: number; tooDeep: boolean } {
  if (typeof message === 'string') {
    const maxDepth = message.trimStart().startsWith('[') ? MAX_JSON_DEPTH + 1 : MAX_JSON_DEPTH;
    return { bytes: Buffer.byteLength(message), tooDeep: isJsonTextTooDeep(message, maxDepth) };
  }
  const measure = measureJsonValue(message, { maxDepth: Array.isArray(message) ? MAX_JSON_DEPTH + 1 : MAX_JSON_DEPTH });
  return { bytes: measure.bytes, tooDeep: measure.over === 'depth' };
}

/** -32602 when only a message's params are too deep, -32600 for anything else (a batch, text). */
function depthError(message: unknown): RpcError {
  const data = { limitDepth: MAX_JSON_DEPTH };
  const detail = `nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`;
  if (typeof message === 'object' && message !== null && !Array.isArray(message) && 'method' in message) {
    const { params: _params, ...envelope } = message as Record<string, unknown>;
    if (measureJsonValue(envelope).over === undefined) return new RpcError(ErrorCodes.InvalidParams, `Invalid params: ${detail}`, data);
  }
  return new RpcError(ErrorCodes.InvalidRequest, `Invalid request: ${detail}`, data);
}

/** Sends `error` for every request in `message`; returns whether anything was sent. */
function answer(transport: Transport, message: unknown, error: RpcError, options: { evenWithoutId: boolean }): boolean {
  const ids: (RequestId | null)[] = (Array.isArray(message) ? message : [message]).map(requestId).filter((id) => id !== undefined);
  if (ids.length === 0 && options.evenWithoutId) ids.push(null);
  if (ids.length === 0) return false;
  const responses = ids.map((id) => ({ jsonrpc: JSONRPC_VERSION, id, error: error.toErrorObject() }));
  transport.send(Array.isArray(message) ? responses : responses[0]);
  return true;
}

function requestId(message: unknown): RequestId | undefined {
  if (typeof message !== 'object' || message === null || !('method' in message) || !('id' in message)) return undefined;
  const id = RequestIdSchema.safeParse(message.id);
  return id.success ? id.data : undefined;
}

function describe(message: unknown): string {
  if (Array.isArray(message)) return `a batch of ${message.length}`;
  const method = typeof message === 'object' && message !== null && 'method' in message ? message.method : undefined;
  return typeof method === 'string' ? `a ${JSON.stringify(method.slice(0, 64))} notification` : 'a message';
}
