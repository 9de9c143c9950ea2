/** The thread list and which thread is open. */
import type { ThreadMetadata } from '../lib/protocol/thread-model';
import { errorMessage } from './baton-rpc';
import type { BatonSliceCreator } from './baton-state';
import { EMPTY_THREAD_CHAT, type ThreadChat } from './thread-chat';
import { entryAt, withOlderEntries } from './entry-list';
import { isUnknownThread } from './thread-list-slice';
import { applyCatchUp, loadSnapshot, withNewestDropped } from './thread-sequence';

/** Enough to fill a tall window and its scroll margin; older entries follow as the reader scrolls. */
export const FIRST_PAGE_ENTRIES = 60;
/** Two hundred: as many round trips and list corrections as a thousand-entry bound allows (five pages), far fewer than a hundred each. */
const OLDER_PAGE_ENTRIES = 200;

export interface ThreadsSlice {
  /** Most recently modified first, as the relay lists them; new threads go on top. */
  threads: readonly ThreadMetadata[];
  /** False until the relay's list has arrived once: until then an empty list means "not yet", not "none". */
  threadsLoaded: boolean;
  selectedThreadId: string | null;
  /** Creates a thread, opens it and resolves with its id; null (and `lastError`) if that failed. */
  createThread(): Promise<string | null>;
  /**
   * Opens a thread: joins its room on the relay, then loads its entries: the newest, or with
   * `around` the page around that entry (entry-window-slice.ts). False if that failed.
   */
  selectThread(threadId: string, options?: { around?: number }): Promise<boolean>;
  /** Fetches the events this tab missed in a thread it has loaded before, and folds them in. */
  catchUpThread(threadId: string): Promise<void>;
  /** Fetches the page of entries before the first one loaded (the reader scrolled up to it). */
  loadOlderEntries(threadId: string): Promise<void>;
  /** A `metadata` content named the thread. */
  renameThread(threadId: string, title: string): void;
  /** The agent "New thread" binds the next thread to; null means the relay's default. */
  newThreadAgent: string | null;
  chooseNewThreadAgent(agent: string): void;
  /** Hands the open thread to another configured agent (`thread/handOver`). False if that failed. */
  handOverThread(agent: string): Promise<boolean>;
  /** A `handOver` content: the thread is bound to another agent now. */
  setThreadAgent(threadId: string, agent: string): void;
}

export const createThreadsSlice: BatonSliceCreator<ThreadsSlice> = (rpc) => (set, get) => {
  const updateChat = (threadId: string, update: (chat: ThreadChat) => ThreadChat) =>
    set((state) => ({ chats: new Map(state.chats).set(threadId, update(state.chats.get(threadId) ?? EMPTY_THREAD_CHAT)) }));

  return {
    threads: [],
    threadsLoaded: false,
    selectedThreadId: null,
    newThreadAgent: null,

    chooseNewThreadAgent(agent) {
      set({ newThreadAgent: agent });
    },

    async handOverThread(agent) {
      const threadId = get().selectedThreadId;
      if (!threadId) return false;
      try {
        await rpc.request('thread/handOver', { threadId, agent });
        return true;
      } catch (error) {
        set({ lastError: `Could not hand the thread over: ${errorMessage(error)}` });
        return false;
      }
    },

    setThreadAgent(threadId, agent) {
      set((state) => ({ threads: state.threads.map((thread) => (thread.id === threadId ? { ...thread, agent } : thread)) }));
    },

    async createThread() {
      let threadId: string;
      const agent = get().newThreadAgent ?? undefined;
      try {
        ({ threadId } = await rpc.request('createThread', agent === undefined ? null : { agent }));
      } catch (error) {
        set({ lastError: `Could not create a thread: ${errorMessage(error)}` });
        return null;
      }
      set((state) =>
        state.threads.some((thread) => thread.id === threadId)
          ? {}
          : {
              threads: [
                { id: threadId, title: '', modifiedAt: new Date().toISOString(), agent: agent ?? state.defaultAgent ?? undefined },
                ...state.threads,
              ],
            },
      );
      const opened = await get().selectThread(threadId);
      return opened && get().selectedThreadId === threadId ? threadId : null;
    },

    async selectThread(threadId, options = {}) {
      // An entry's link opened before the connection was up is opened at that entry, in one request.
      const linked = get().addressEntry;
      const linkedIndex = linked?.threadId === threadId ? linked.index : undefined;
      const around = options.around ?? linkedIndex;
      set({ selectedThreadId: threadId, lastError: null, missingThreadId: null, focusedEntry: null, addressEntry: null });
      try {
        await rpc.request('openThread', { threadId });
        // A thread seen before is brought up to date from the last event this tab folded; a new
        // one is loaded whole. Either way live events that raced the answer are joined on by seq.
        // A jump to an entry not loaded loads the page around it instead.
        const chat = get().chats.get(threadId);
        if (around !== undefined && !(chat?.loaded && entryAt(chat.entries, around))) {
          const loaded = await get().loadEntriesAround(threadId, around);
          // The link's entry is shown as its target from here: the address's `#entry-N` may already
          // be gone, since the address is rewritten to the thread's own once it opens.
          if (loaded && linkedIndex !== undefined && options.around === undefined) await get().goToEntry(linkedIndex);
          return loaded;
        }
        if (chat?.loaded) {
          await get().catchUpThread(threadId);
        } else {
          // The newest entries only: the older ones come a page at a time as the reader scrolls up.
          const snapshot = await rpc.request('getThreadEntries', { threadId, limit: FIRST_PAGE_ENTRIES });
          updateChat(threadId, (chat) => loadSnapshot(chat, snapshot));
        }
        return true;
      } catch (error) {
        if (get().selectedThreadId === threadId) {
          // An address naming no thread (a stale bookmark, a deleted thread) is a state of its own, not a failure.
          set(isUnknownThread(error) ? { missingThreadId: threadId } : { lastError: `Could not open the thread: ${errorMessage(error)}` });
        }
        return false;
      }
    },

    async catchUpThread(threadId) {
      const chat = get().chats.get(threadId);
      // A window in the middle of the thread takes no live events: its newer pages bring them.
      if (chat?.loaded && !chat.entries.reachesEnd) return;
      const afterSeq = chat?.lastSeq ?? 0;
      const catchUp = await rpc.request('getThreadEvents', { threadId, afterSeq });
      updateChat(threadId, (chat) => applyCatchUp(chat, catchUp));
    },

    async loadOlderEntries(threadId) {
      const chat = get().chats.get(threadId);
      if (!chat?.loaded || chat.loadingOlder || chat.entries.firstIndex === 0) return;
      const before = chat.entries.firstIndex;
      const windowKey = chat.windowKey;
      updateChat(threadId, (current) => ({ ...current, loadingOlder: true }));
      try {
        const page = await rpc.request('getThreadEntries', { threadId, limit: OLDER_PAGE_ENTRIES, before });
        const firstIndex = page.firstIndex ?? 0;
        if (firstIndex + page.entries.length !== before) {
          throw new Error(`the relay answered entries ${firstIndex} to ${firstIndex + page.entries.length} for a page ending at ${before}`);
        }
        // Unless the thread was reloaded meanwhile, the page goes in front of what is loaded, and as
        // many of the newest entries as go beyond the bound go.
        updateChat(threadId, (current) => {
          const done = { ...current, loadingOlder: false };
          if (current.entries.firstIndex !== before || current.windowKey !== windowKey) return done;
          return withNewestDropped({ ...done, entries: withOlderEntries(current.entries, page.entries, firstIndex) });
        });
      } catch (error) {
        updateChat(threadId, (current) => ({ ...current, loadingOlder: false }));
        set({ lastError: `Could not load older entries: ${errorMessage(error)}` });
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
  };
};
