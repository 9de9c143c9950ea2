/**
 * The relay's inbox (server/hub/inbox.ts) wired to its parts: threads named from the store, "open"
 * from the socket rooms, "looked at" from the tabs' views, and every tab told of each change; an
 * alert (where no visible tab looks) goes to the tabs and to the browsers subscribed to push.
 */
import type { BatonProtocol } from '../../lib/protocol/baton-protocol';
import type { NotificationMethod, NotificationParams } from '../../lib/protocol/protocol-definition';
import { Inbox } from '../hub/inbox';
import { UnseenEndsFile } from '../hub/inbox-file';
import type { PushSender } from '../push/push-sender';
import type { ThreadMetadata } from '../../lib/protocol/thread-model';
import type { ThreadStore } from '../store/thread-store';
import { TabViews } from './tab-views';

export interface RelayInbox {
  inbox: Inbox;
  tabViews: TabViews;
  push?: PushSender;
  /** Writes the unseen turns as they stand, and no more after: the relay waits for it as it closes. */
  close(): Promise<void>;
}

export async function createRelayInbox(options: {
  dataDir: string;
  store: ThreadStore;
  isOpen: (threadId: string) => boolean;
  broadcast: <N extends NotificationMethod<BatonProtocol>>(method: N, params: NotificationParams<BatonProtocol, N>) => void;
  /** Where else an alert goes: the browsers subscribed to push. */
  push?: PushSender;
  /** Tells a team's other relays that a tab here saw a thread's ended turn (Inbox's seenHere). */
  seenHere?: (threadId: string) => void;
  log: (message: string) => void;
}): Promise<RelayInbox> {
  const tabViews = new TabViews();
  const { file, unseen } = await UnseenEndsFile.open(options.dataDir, options.log);
  const inbox = new Inbox({
    describe: async (threadId) => {
      const thread = await options.store.getThread(threadId);
      return thread && { title: thread.title, ...(thread.agent === undefined ? {} : { agent: thread.agent }) };
    },
    isOpen: options.isOpen,
    isLookedAt: (threadId) => tabViews.isLookedAt(threadId),
    changed: (list) => options.broadcast('inbox/changed', list),
    alert: (item) => {
      options.broadcast('inbox/alert', { item });
      void options.push?.alert(item);
    },
    withdrawn: (item) => void options.push?.withdraw(item),
    ...(options.seenHere ? { seenHere: options.seenHere } : {}),
    log: options.log,
    unseen: { ends: unseen, save: (ends) => file.save(ends) },
  });
  return { inbox, tabViews, ...(options.push ? { push: options.push } : {}), close: () => file.close() };
}

/** The thread list's notifications, which the inbox follows too: a renamed thread, a deleted one. */
export function followThreadList(inbox: Inbox, method: 'thread/updated' | 'thread/deleted', params: unknown): void {
  if (method === 'thread/deleted') inbox.forget((params as { threadId: string }).threadId);
  else {
    const { thread } = params as { thread: ThreadMetadata };
    inbox.renamed(thread.id, { title: thread.title, ...(thread.agent === undefined ? {} : { agent: thread.agent }) });
  }
}
