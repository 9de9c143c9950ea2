/**
 * `thread/rewindPreview`, `thread/rewind` and `thread/fork` (lib/protocol/thread-rewind.ts). A
 * rewind or fork while a turn runs is refused as busy (ThreadBusy): stopping the turn is the
 * user's choice to make, not a side effect of rewinding.
 */
import { ErrorCodes } from '../../lib/protocol/json-rpc';
import { RpcError } from '../../lib/rpc/errors';
import { forkThreadAt, previewThreadRewind, rewindThreadTo } from '../rewind/thread-history-edits';
import { RewindPointError } from '../rewind/user-messages';
import { asRpc } from './rpc-errors';
import type { TabContext } from './rpc-handlers';

/** A point that is no user message (or no entry at all) is a bad parameter. */
async function asRewindRpc<T>(run: () => Promise<T>): Promise<T> {
  return asRpc(async () => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof RewindPointError) throw new RpcError(ErrorCodes.InvalidParams, error.message);
      throw error;
    }
  });
}

export function registerThreadRewindHandlers(context: TabContext): void {
  const { connection } = context;
  connection.onRequest('thread/rewindPreview', ({ threadId, toEntry }) => asRewindRpc(() => previewThreadRewind(context, threadId, toEntry)));
  connection.onRequest('thread/rewind', ({ threadId, toEntry, restoreFiles, overwriteConflicts }) =>
    asRewindRpc(() => rewindThreadTo(context, threadId, toEntry, { restoreFiles, overwriteConflicts })),
  );
  connection.onRequest('thread/fork', ({ threadId, atEntry }) =>
    asRewindRpc(async () => ({ threadId: (await forkThreadAt(context, threadId, atEntry)).id })),
  );
}
