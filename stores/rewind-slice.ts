/**
 * Rewind and fork from the chat (lib/protocol/thread-rewind.ts): "Rewind to here" first asks the
 * relay what would change and waits for the user's confirmation; the relay's `threadRewound`
 * content then cuts every open tab's entries. "Fork from here" opens the new thread.
 */
import type { ChatContext } from '../lib/protocol/eca-chat';
import type { ThreadRewindPreviewResult } from '../lib/protocol/thread-rewind';
import { errorMessage } from './baton-rpc';
import type { BatonSliceCreator } from './baton-state';
import { EMPTY_ENTRY_LIST, entryAt } from './entry-list';

export interface PendingRewind {
  threadId: string;
  toEntry: number;
  preview: ThreadRewindPreviewResult;
}

/**
 * The user message a rewind took out, given back to the composer: a user rewinds to a message to
 * edit it and send it again. `id` tells one rewind from the next with the same text.
 */
export interface RewoundPrompt {
  id: number;
  threadId: string;
  text: string;
}

export interface RewindSlice {
  /** The rewind waiting for the user's confirmation, with what it would change. */
  pendingRewind: PendingRewind | null;
  /** Set by a rewind that succeeded, until the composer takes its text (takeRewoundPrompt). */
  rewoundPrompt: RewoundPrompt | null;
  takeRewoundPrompt(id: number): void;
  askRewind(toEntry: number): Promise<void>;
  confirmRewind(options?: { overwriteConflicts?: boolean }): Promise<boolean>;
  cancelRewind(): void;
  forkThreadAt(atEntry: number): Promise<boolean>;
}

export const createRewindSlice: BatonSliceCreator<RewindSlice> = (rpc) => (set, get) => {
  let rewinds = 0;
  /** The text waits for the composer; the contexts go straight to its chips. */
  const giveBack = (threadId: string, text: string, contexts: readonly ChatContext[]) => {
    for (const context of contexts) get().addPromptContext(context);
    rewinds += 1;
    set({ rewoundPrompt: { id: rewinds, threadId, text } });
  };

  return {
    pendingRewind: null,
    rewoundPrompt: null,

    takeRewoundPrompt(id) {
      if (get().rewoundPrompt?.id === id) set({ rewoundPrompt: null });
    },

    async askRewind(toEntry) {
      const threadId = get().selectedThreadId;
      if (!threadId) return;
      set({ lastError: null });
      try {
        const preview = await rpc.request('thread/rewindPreview', { threadId, toEntry });
        // The user may have gone to another thread meanwhile: the confirmation belongs to this one.
        if (get().selectedThreadId === threadId) set({ pendingRewind: { threadId, toEntry, preview } });
      } catch (error) {
        set({ lastError: `Could not rewind the thread: ${errorMessage(error)}` });
      }
    },

    async confirmRewind(options = {}) {
      const pending = get().pendingRewind;
      if (!pending) return false;
      set({ pendingRewind: null });
      // Never a rewind of a thread the user is not looking at (the relay refuses it too).
      if (pending.threadId !== get().selectedThreadId) return false;
      // Read before the rewind: its `threadRewound` content takes the message out of the chat.
      const message = entryAt(get().chats.get(pending.threadId)?.entries ?? EMPTY_ENTRY_LIST, pending.toEntry);
      try {
        const result = await rpc.request('thread/rewind', {
          threadId: pending.threadId,
          toEntry: pending.toEntry,
          ...(options.overwriteConflicts ? { overwriteConflicts: true } : {}),
        });
        const restored = result.restoredFiles.length;
        const left = result.conflicts.map((conflict) => `${conflict.path} (${conflict.reason})`);
        const tooOld = result.tooOldToRestore ? ' The files of turns too old to restore were left as they are.' : '';
        get().showMessage({
          type: left.length > 0 || tooOld ? 'warning' : 'info',
          message: `Rewound: ${result.removedEntries} entries removed, ${restored} file${restored === 1 ? '' : 's'} restored.${tooOld}${left.length > 0 ? ` Left as they are: ${left.join('; ')}` : ''}`,
        });
        if (message?.type === 'message' && message.role === 'user')
          giveBack(pending.threadId, message.chunks.map((chunk) => chunk.chunk).join(''), message.contexts ?? []);
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
  };
};
