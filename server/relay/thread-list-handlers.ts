/** The thread list's methods of one tab (lib/protocol/thread-list-methods.ts): rename, archive, delete, restore. */
import { asRpc } from './rpc-errors';
import type { TabContext } from './tab-context';

export function registerThreadListHandlers({ connection, threads }: TabContext): void {
  connection.onRequest('thread/rename', ({ threadId, title }) => asRpc(async () => ({ thread: await threads.rename(threadId, title) })));
  connection.onRequest('thread/archive', ({ threadId, archived }) =>
    asRpc(async () => ({ thread: await threads.archive(threadId, archived) })),
  );
  connection.onRequest('thread/delete', ({ threadId }) => asRpc(() => threads.delete(threadId)));
  connection.onRequest('thread/restore', ({ threadId }) => asRpc(async () => ({ thread: await threads.restore(threadId) })));
}
