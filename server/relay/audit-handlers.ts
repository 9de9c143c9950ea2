/**
 * Who did what (lib/protocol/roles.ts): a tab's prompts, approvals, rejections, Stops, rewinds and
 * answers are recorded under its actor (server/store/audit-store.ts), and `audit/list` reads them
 * back, newest first. The list waits for this tab's own records still being written, so a tab
 * always finds what it just did, whether it came as a request or as a notification.
 */
import { AUDIT_LIST_DEFAULT_LIMIT, type AuditActionName } from '../../lib/protocol/roles';
import { asRpc } from './rpc-errors';
import type { TabContext } from './tab-context';

export interface TabAction {
  threadId: string;
  action: AuditActionName;
  toolCallId?: string;
}

export interface TabAudit {
  /** Records the action `done` resolves to once it is done; nothing when it resolves to undefined (nothing was done). */
  record(done: Promise<TabAction | undefined>): Promise<void>;
  /** Resolves once every action recorded so far is written (or has failed, with a line in the log). */
  settled(): Promise<void>;
}

export function createTabAudit({ store, log, actor: { kind, name } }: Pick<TabContext, 'store' | 'log' | 'actor'>): TabAudit {
  let writing: Promise<unknown> = Promise.resolve();
  return {
    record(done) {
      const written = done
        .then((action) => (action === undefined ? undefined : store.audit.record({ ...action, actor: { kind, name } })))
        .catch((error: unknown) => log(`could not record an action of ${kind} ${JSON.stringify(name)}: ${String(error)}`));
      writing = Promise.all([writing, written]);
      return written;
    },
    settled: async () => {
      await writing;
    },
  };
}

export function registerAuditHandlers({ connection, store, audit }: TabContext): void {
  connection.onRequest('audit/list', (params) =>
    asRpc(async () => {
      await audit.settled();
      return { actions: await store.audit.list({ threadId: params?.threadId, limit: params?.limit ?? AUDIT_LIST_DEFAULT_LIMIT }) };
    }),
  );
}

/** The names of those who acted on a thread, in the order they first did: the thread's people. */
export async function threadPeople(context: Pick<TabContext, 'store'>, threadId: string): Promise<string[]> {
  const actions = await context.store.audit.list({ threadId, limit: 1000 });
  return [...new Set(actions.reverse().map((action) => action.actor.name))];
}
