/**
 * `audit/list` (lib/protocol/roles.ts): the actions recorded by every tab (tab-audit.ts), newest
 * first, a page at a time; the list of every thread is for operators only (role-scope.ts). The
 * list waits for this tab's own records still being written, so a tab always finds what it just
 * did, whether it came as a request or as a notification.
 */
import { AUDIT_LIST_DEFAULT_LIMIT } from '../../lib/protocol/roles';
import type { AuditStore } from '../store/audit-store';
import { asRpc } from './rpc-errors';
import type { TabContext } from './tab-context';

export function registerAuditHandlers({ connection, store, audit }: TabContext): void {
  connection.onRequest('audit/list', (params) =>
    asRpc(async () => {
      await audit.settled();
      return store.audit.list({ threadId: params?.threadId, limit: params?.limit ?? AUDIT_LIST_DEFAULT_LIMIT, cursor: params?.cursor });
    }),
  );
}

/**
 * The names of those who acted on a thread, in the order they first did: the thread's people.
 * None when only the main token's owner did (one person's Baton has no one else to name).
 */
export async function threadPeople(audit: AuditStore, threadId: string): Promise<string[]> {
  const { actions } = await audit.list({ threadId, limit: 1000 });
  if (actions.every((action) => action.actor.kind === 'owner')) return [];
  return [...new Set(actions.reverse().map((action) => action.actor.name))];
}
