/**
 * `thread/rewindPreview`, `thread/rewind` and `thread/fork` (lib/protocol/thread-rewind.ts), and
 * `thread/revertFile` (lib/protocol/thread-file-revert.ts), which restores as a rewind does. A
 * rewind, fork or revert while a turn runs is refused as busy (ThreadBusy): stopping the turn is
 * the user's choice to make, not a side effect of rewinding.
 */
import { ErrorCodes } from '../../lib/protocol/json-rpc';
import { RpcError } from '../../lib/rpc/errors';
import { revertThreadFile } from '../rewind/file-revert';
import { forkThreadAt, previewThreadRewind, rewindThreadTo } from '../rewind/thread-history-edits';
import { asRpc } from './rpc-errors';
import type { TabContext } from './tab-context';

/**
 * A tab rewinds the thread it shows. A rewind named for another thread comes from a confirmation
 * left over from a thread the tab has since left (once, it removed a hidden thread's entries):
 * refused before anything is read or removed. A client that opened no thread (a script) is not held.
 */
function checkShownThread(context: TabContext, threadId: string, edit = 'a thread is rewound from its own chat'): void {
  const shown = context.watchedThread?.();
  if (shown !== undefined && shown !== threadId) {
    throw new RpcError(ErrorCodes.InvalidParams, `This tab shows thread ${shown}, not ${threadId}: ${edit}. Nothing was changed.`);
  }
}

export function registerThreadRewindHandlers(context: TabContext): void {
  const { connection } = context;
  connection.onRequest('thread/rewindPreview', ({ threadId, toEntry }) =>
    asRpc(() => {
      checkShownThread(context, threadId);
      return previewThreadRewind(context, threadId, toEntry);
    }),
  );
  connection.onRequest('thread/rewind', ({ threadId, toEntry, restoreFiles, overwriteConflicts }) =>
    asRpc(async () => {
      checkShownThread(context, threadId);
      const result = await rewindThreadTo(context, threadId, toEntry, { restoreFiles, overwriteConflicts });
      await context.audit.record(Promise.resolve({ threadId, action: 'rewind' }));
      return result;
    }),
  );
  connection.onRequest('thread/revertFile', ({ threadId, path, overwriteConflict }) =>
    asRpc(async () => {
      checkShownThread(context, threadId, "a thread's files are reverted from its own Changes panel");
      const { hub, workspace, rewind } = context;
      const deps = { workspace, fileHistory: rewind.fileHistory, checkpoints: rewind.checkpoints, guard: rewind.restoreGuard };
      const result = await hub.editThread(threadId, () => revertThreadFile(deps, threadId, path, { overwriteConflict }));
      // A conflict changed nothing: only a file put back is an action of the user's.
      if (result.outcome === 'reverted') await context.audit.record(Promise.resolve({ threadId, action: 'revertFile' }));
      return result;
    }),
  );
  connection.onRequest('thread/fork', ({ threadId, atEntry }) =>
    asRpc(async () => {
      const fork = await forkThreadAt(context, threadId, atEntry);
      // Recorded on the thread forked from, whose history says who took a copy of it.
      await context.audit.record(Promise.resolve({ threadId, action: 'fork' }));
      return { threadId: fork.id };
    }),
  );
}
