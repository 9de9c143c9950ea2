/**
 * What a tab's role lets it send (lib/protocol/roles.ts), enforced between its socket's transport
 * and its JSON-RPC connection (like the message limits), so that no handler needs to know of roles:
 * a request outside the role is answered with a JSON-RPC error naming the role and the action, a
 * notification outside it is dropped with a line in the log, and the socket stays open.
 */
import { JSONRPC_VERSION } from '../../lib/protocol/json-rpc';
import { ROLE_ERROR_CODE, roleAllows, roleRefusal, type TabActor } from '../../lib/protocol/roles';
import type { Transport } from '../../lib/rpc/transport';

export function withRoleScope(inner: Transport, actor: TabActor, log: (message: string) => void): Transport {
  if (actor.role === 'operator') return inner;
  const outer: Transport = { send: (message) => inner.send(message), close: () => inner.close() };
  inner.onclose = (reason) => outer.onclose?.(reason);
  inner.onerror = (error) => outer.onerror?.(error);
  inner.onmessage = (message) => {
    const batch = Array.isArray(message);
    const allowed: unknown[] = [];
    const refusals: object[] = [];
    for (const item of batch ? message : [message]) {
      const method = methodOf(item);
      if (method === undefined || roleAllows(actor.role, method, (item as { params?: unknown }).params)) {
        allowed.push(item);
        continue;
      }
      log(`${actor.kind} ${JSON.stringify(actor.name)} (${actor.role}) may not send ${method}: refused`);
      const id = (item as { id?: unknown }).id;
      if (id === undefined) continue;
      refusals.push({ jsonrpc: JSONRPC_VERSION, id, error: { code: ROLE_ERROR_CODE, message: roleRefusal(method, actor) } });
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
