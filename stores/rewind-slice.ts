/**
 * Rewind and fork from the chat (lib/protocol/thread-rewind.ts): "Rewind to here" first asks the
 * relay what would change and waits for the user's confirmation; the relay's `threadRewound`
 * content then cuts every open tab's entries. "Fork from here" opens the new thread.
 */
import type { ThreadRewindPreviewResult } from '../lib/protocol/thread-rewind';
import { errorMessage } from './baton-rpc';
import type { BatonSliceCreator } from './baton-state';

export interface PendingRewind {
  threadId: string;
  toEntry: number;
  preview: ThreadRewindPreviewResult;
}

export interface RewindSlice {
  /** The rewind waiting for the user's confirmation, with what it would change. */
  pendingRewind: PendingRewind | null;
  askRewind(toEntry: number): Promise<void>;
  confirmRewind(options?: { overwriteConflicts?: boolean }): Promise<boolean>;
  cancelRewind(): void;
  forkThreadAt(atEntry: number): Promise<boolean>;
}

export const createRewindSlice: BatonSliceCreator<RewindSlice> = (rpc) => (set, get) => ({
  pendingRewind: null,

  async askRewind(toEntry) {
    const threadId = get().selectedThreadId;
    if (!threadId) return;
    set({ lastError: null });
    try {
      const preview = await rpc.request('thread/rewindPreview', { threadId, toEntry });
      set({ pendingRewind: { threadId, toEntry, preview } });
    } catch (error) {
      set({ lastError: `Could not rewind the thread: ${errorMessage(error)}` });
    }
  },

  async confirmRewind(options = {}) {
    const pending = get().pendingRewind;
    if (!pending) return false;
    set({ pendingRewind: null });
    try {
      const result = await rpc.request('thread/rewind', {
        threadId: pending.threadId,
        toEntry: pending.toEntry,
        ...(options.overwriteConflicts ? { overwriteConflicts: true } : {}),
      });
      const restored = result.restoredFiles.length;
      const left = result.conflicts.map((conflict) => `${conflict.path} (${conflict.reason})`);
      get().showMessage({
        type: left.length > 0 ? 'warning' : 'info',
        message: `Rewound: ${result.removedEntries} entries removed, ${restored} file${restored === 1 ? '' : 's'} restored.${left.length > 0 ? ` Left as they are: ${left.join('; ')}` : ''}`,
      });
      void get().refreshFiles();
      return true;
    } catch (error) {
      set({ lastError: `Could not rewind the thread: ${errorMessage(error)}` });
      return false;
    }
  },

  cancelRewind() {
    set({ pendingRewind: null });
  },

  async forkThreadAt(atEntry) {
    const threadId = get().selectedThreadId;
    if (!threadId) return false;
    set({ lastError: null });
    let fork: string;
    try {
      ({ threadId: fork } = await rpc.request('thread/fork', { threadId, atEntry }));
    } catch (error) {
      set({ lastError: `Could not fork the thread: ${errorMessage(error)}` });
      return false;
    }
    await get().loadThreads();
    return get().selectThread(fork);
  },
});
