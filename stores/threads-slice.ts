/** The thread list and which thread is open. */
import type { ThreadMetadata } from '../lib/protocol/acp-threads';
import { errorMessage } from './baton-rpc';
import type { BatonSliceCreator } from './baton-state';
import { EMPTY_THREAD_CHAT, loadThreadChat } from './thread-chat';

export interface ThreadsSlice {
  /** Most recently modified first, as the relay lists them; new threads go on top. */
  threads: readonly ThreadMetadata[];
  selectedThreadId: string | null;
  loadThreads(): Promise<void>;
  /** Creates a thread, opens it and resolves with its id; null (and `lastError`) if that failed. */
  createThread(): Promise<string | null>;
  /** Opens a thread: joins its room on the relay, then loads its entries. False if that failed. */
  selectThread(threadId: string): Promise<boolean>;
  /** A `metadata` content named the thread. */
  renameThread(threadId: string, title: string): void;
}

export const createThreadsSlice: BatonSliceCreator<ThreadsSlice> = (rpc) => (set, get) => ({
  threads: [],
  selectedThreadId: null,

  async loadThreads() {
    try {
      const { threads } = await rpc.request('getThreads', null);
      set({ threads });
    } catch (error) {
      set({ lastError: `Could not load the threads: ${errorMessage(error)}` });
    }
  },

  async createThread() {
    let threadId: string;
    try {
      ({ threadId } = await rpc.request('createThread', null));
    } catch (error) {
      set({ lastError: `Could not create a thread: ${errorMessage(error)}` });
      return null;
    }
    set((state) =>
      state.threads.some((thread) => thread.id === threadId)
        ? {}
        : { threads: [{ id: threadId, title: '', modifiedAt: new Date().toISOString() }, ...state.threads] },
    );
    const opened = await get().selectThread(threadId);
    return opened && get().selectedThreadId === threadId ? threadId : null;
  },

  async selectThread(threadId) {
    // This tab heard nothing of the thread while it watched another, so whether a turn runs is
    // unknown until the relay says so: it sends `progress running` on openThread mid-turn.
    set((state) => ({
      selectedThreadId: threadId,
      lastError: null,
      chats: new Map(state.chats).set(threadId, {
        ...(state.chats.get(threadId) ?? EMPTY_THREAD_CHAT),
        turnRunning: false,
      }),
    }));
    try {
      await rpc.request('openThread', { threadId });
      const { entries } = await rpc.request('getThreadEntries', { threadId });
      set((state) => {
        const chat = state.chats.get(threadId) ?? EMPTY_THREAD_CHAT;
        return { chats: new Map(state.chats).set(threadId, loadThreadChat(chat, entries)) };
      });
      return true;
    } catch (error) {
      if (get().selectedThreadId === threadId) {
        set({ lastError: `Could not open the thread: ${errorMessage(error)}` });
      }
      return false;
    }
  },

  renameThread(threadId, title) {
    set((state) => {
      const index = state.threads.findIndex((thread) => thread.id === threadId);
      if (index === -1) {
        return { threads: [{ id: threadId, title, modifiedAt: new Date().toISOString() }, ...state.threads] };
      }
      const threads = [...state.threads];
      threads[index] = { ...state.threads[index]!, title };
      return { threads };
    });
  },
});
