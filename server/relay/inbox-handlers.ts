/**
 * The inbox's methods of one tab (lib/protocol/inbox.ts): the list, and whether the tab can be
 * seen. Answers to what the inbox lists go through the chat methods (chat-handlers.ts), the
 * same as the thread's own card sends.
 */
import { asRpc } from './rpc-errors';
import type { TabContext } from './tab-context';

export function registerInboxHandlers(context: TabContext): void {
  const { connection, inbox, tabViews } = context;
  // The thread the tab says it shows; until it says, the one whose updates it receives (an older
  // tab, a script). After New thread the tab still receives the previous thread's updates, yet shows none.
  let shown: string | null | undefined;
  const view = {
    watchedThread: () => (shown === undefined ? context.watchedThread?.() : (shown ?? undefined)),
    visible: true,
  };
  const forget = tabViews.add(view);
  connection.onClose(forget);
  connection.onRequest('inbox/list', () => asRpc(async () => ({ items: await inbox.list() })));
  connection.onNotification('tab/visibility', ({ visible, threadId }) => {
    view.visible = visible;
    if (threadId !== undefined) shown = threadId;
  });
}
