/**
 * What an `answer-and-watch` device may send, enforced between its socket's transport and its
 * JSON-RPC connection (like the message limits), so that no handler needs to know of devices: a
 * request outside ANSWER_AND_WATCH_METHODS is answered with a JSON-RPC error that says why, a
 * notification outside it is dropped with a line in the log, and the socket stays open.
 */
import { ANSWER_AND_WATCH_METHODS, DEVICE_SCOPE_ERROR_CODE, type Device, deviceScopeRefusal } from '../../../lib/protocol/devices';
import { JSONRPC_VERSION } from '../../../lib/protocol/json-rpc';
import type { Transport } from '../../../lib/rpc/transport';

export function withDeviceScope(inner: Transport, device: Device, log: (message: string) => void): Transport {
  if (device.scope === 'full') return inner;
  const outer: Transport = { send: (message) => inner.send(message), close: () => inner.close() };
  inner.onclose = (reason) => outer.onclose?.(reason);
  inner.onerror = (error) => outer.onerror?.(error);
  inner.onmessage = (message) => {
    const batch = Array.isArray(message);
    const allowed: unknown[] = [];
    const refusals: object[] = [];
    for (const item of batch ? message : [message]) {
      const method = methodOf(item);
      if (method === undefined || ANSWER_AND_WATCH_METHODS.has(method)) {
        allowed.push(item);
        continue;
      }
      log(`device ${JSON.stringify(device.name)} may not send ${method}: refused`);
      const id = (item as { id?: unknown }).id;
      if (id === undefined) continue;
      refusals.push({
        jsonrpc: JSONRPC_VERSION,
        id,
        error: { code: DEVICE_SCOPE_ERROR_CODE, message: deviceScopeRefusal(method, device.name) },
      });
    }
    if (refusals.length > 0) inner.send(batch ? refusals : refusals[0]);
    if (allowed.length > 0) outer.onmessage?.(batch ? allowed : allowed[0]);
  };
  return outer;
}

/** The method a request or notification names; responses and malformed messages go on to the connection, which judges them. */
function methodOf(item: unknown): string | undefined {
  if (typeof item !== 'object' || item === null) return undefined;
  const method = (item as { method?: unknown }).method;
  return typeof method === 'string' ? method : undefined;
}
