/**
 * A notification the page's role may not send (lib/protocol/roles.ts) is not sent: the relay
 * would drop it with no answer (a notification has none), and the user would wait on a click that
 * did nothing. The page says instead what the relay's refusal of a request says. Requests go on:
 * the relay answers them with that refusal, which the slices show.
 */
import { roleAllows, roleRefusal, type TabActor } from '../lib/protocol/roles';
import type { BatonRpc } from './baton-rpc';

export function withRoleGuard(rpc: BatonRpc, actor: () => TabActor | null, refuse: (message: string) => void): BatonRpc {
  return {
    request: (method, params) => rpc.request(method, params),
    notify(method, params) {
      const tab = actor();
      if (tab && !roleAllows(tab.role, method)) return refuse(roleRefusal(method, tab));
      rpc.notify(method, params);
    },
  };
}
