/**
 * Who did what (lib/protocol/roles.ts): a tab's prompts, approvals, rejections, Stops, rewinds and
 * answers are recorded under its actor (server/store/audit-store.ts) once they are done; a failed
 * write costs the action nothing and leaves a line in the log.
 */
import type { Actor, AuditActionName } from '../../lib/protocol/roles';
import type { AuditStore } from '../store/audit-store';

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

export function createTabAudit({
  store,
  log,
  actor: { kind, name },
}: {
  store: { audit: AuditStore };
  log: (message: string) => void;
  actor: Actor;
}): TabAudit {
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
