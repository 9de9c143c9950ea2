/**
 * The thread list as a tab pages, filters and searches it, keeps it live (`thread/updated`,
 * `thread/deleted`), and changes it: rename, archive, delete with an undo. Also what the address
 * asks for beyond a thread: a new empty chat, a thread that is not there, an entry to jump to.
 */
import type { ThreadMetadata } from '../lib/protocol/thread-model';
import { BatonErrorCodes } from '../lib/protocol/baton-protocol';
import { errorMessage } from './baton-rpc';
import type { BatonSliceCreator } from './baton-state';
import { DEFAULT_THREAD_FILTER, type ThreadListFilter, withoutThread, withThreadUpdate } from './thread-list-order';

/** Threads per page of the list: more than a tall window shows; the next page comes on scrolling. */
export const THREAD_LIST_PAGE = 50;

export interface RecentlyDeleted {
  threadId: string;
  title: string;
  /** It was the open thread: Undo opens it again. */
  wasOpen: boolean;
}

export interface ThreadListSlice {
  threadFilter: ThreadListFilter;
  /** The relay's cursor for the next page of the list; null when the list is complete. */
  threadsCursor: string | null;
  loadingMoreThreads: boolean;
  /** The first page of the list under the current filter; every reload starts over. */
  loadThreads(): Promise<void>;
  loadMoreThreads(): Promise<void>;
  setThreadFilter(filter: Partial<ThreadListFilter>): Promise<void>;
  receiveThreadUpdated(thread: ThreadMetadata): void;
  receiveThreadDeleted(threadId: string): void;
  renameThreadTitle(threadId: string, title: string): Promise<boolean>;
  setThreadArchived(threadId: string, archived: boolean): Promise<boolean>;
  /** Deletes restorably: `recentlyDeleted` offers Undo until dismissed. */
  deleteThread(threadId: string): Promise<boolean>;
  recentlyDeleted: RecentlyDeleted | null;
  undoDelete(): Promise<boolean>;
  /** The Undo of the thread's delete while it is under way (it resolves once restored or failed): a prompt to the thread waits for it. */
  undoUnderWay(threadId: string): Promise<boolean> | undefined;
  dismissDeleted(): void;
  /** The open address names a thread the relay does not have (never had, or deleted). */
  missingThreadId: string | null;
  /** An empty chat: the next prompt creates the thread. */
  startNewChat(): void;
  /**
   * What the page's address names: a thread (opened once connected), or null for a new chat; with
   * `entryIndex` (an entry's link) the thread opens at that entry's page, not at its end.
   */
  openThreadAddress(threadId: string | null, entryIndex?: number): void;
  /** The entry an address named, until its thread is opened (selectThread loads the page around it). */
  addressEntry: { threadId: string; index: number } | null;
  /** The entry a search result pointed at, scrolled to and marked. */
  focusedEntry: { threadId: string; index: number } | null;
  /** Opens the thread of a search result and brings its matching entry into view. */
  openSearchResult(threadId: string, index?: number): Promise<void>;
}

export const isUnknownThread = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === BatonErrorCodes.UnknownThread;

export const createThreadListSlice: BatonSliceCreator<ThreadListSlice> = (rpc) => (set, get) => {
  // Only the answer to the latest list request counts: a search typed fast sends several.
  let listRequest = 0;
  // The toast offers Undo as soon as a delete is asked for; a relay still stopping the thread's
  // turn has not deleted it yet. Undo waits for that delete, so the restore comes after it and the
  // delete's end does not take the restored thread away again.
  let deleting: Promise<boolean> = Promise.resolve(true);
  // Threads this tab asked to delete, until the relay answered: an Undo may already have cleared
  // `recentlyDeleted`, and the thread's end here is still this tab's doing, not another's.
  const deletesAskedHere = new Set<string>();
  // The Undos under way, by thread: from the click, `recentlyDeleted` is cleared and the thread
  // looks like any other, but the relay has it again only once the restore (after the delete) is done.
  const undosUnderWay = new Map<string, Promise<boolean>>();

  /** Undo's work, once the delete it undoes has ended: the restore, and the thread opened again if it was. */
  async function restoreDeleted(deleted: RecentlyDeleted): Promise<boolean> {
    // A delete that failed left the thread where it was: nothing to restore.
    if (!(await deleting)) return false;
    try {
      const { thread } = await rpc.request('thread/restore', { threadId: deleted.threadId });
      get().receiveThreadUpdated(thread);
    } catch (error) {
      set({ lastError: `Could not restore the thread: ${errorMessage(error)}` });
      return false;
    }
    if (deleted.wasOpen && get().selectedThreadId === null) await get().selectThread(deleted.threadId);
    return true;
  }

  const listParams = () => {
    const { query, archived, agent, status } = get().threadFilter;
    return {
      limit: THREAD_LIST_PAGE,
      ...(query.trim() === '' ? {} : { query: query.trim() }),
      ...(archived ? { archived } : {}),
      ...(agent === null ? {} : { agent }),
      ...(status === null ? {} : { status }),
    };
  };

  return {
    threadFilter: DEFAULT_THREAD_FILTER,
    threadsCursor: null,
    loadingMoreThreads: false,
    recentlyDeleted: null,
    missingThreadId: null,
    focusedEntry: null,
    addressEntry: null,

    async loadThreads() {
      const request = ++listRequest;
      try {
        const { threads, nextCursor } = await rpc.request('getThreads', listParams());
        if (request !== listRequest) return;
        set({ threads, threadsLoaded: true, threadsCursor: nextCursor ?? null, loadingMoreThreads: false });
      } catch (error) {
        if (request === listRequest) set({ lastError: `Could not load the threads: ${errorMessage(error)}` });
      }
    },

    async loadMoreThreads() {
      const cursor = get().threadsCursor;
      if (cursor === null || get().loadingMoreThreads) return;
      const request = listRequest;
      set({ loadingMoreThreads: true });
      try {
        const { threads, nextCursor } = await rpc.request('getThreads', { ...listParams(), cursor });
        if (request !== listRequest) return;
        set((state) => {
          const known = new Set(state.threads.map((thread) => thread.id));
          return {
            threads: [...state.threads, ...threads.filter((thread) => !known.has(thread.id))],
            threadsCursor: nextCursor ?? null,
            loadingMoreThreads: false,
          };
        });
      } catch (error) {
        if (request === listRequest) set({ loadingMoreThreads: false, lastError: `Could not load more threads: ${errorMessage(error)}` });
      }
    },

    async setThreadFilter(filter) {
      set((state) => ({ threadFilter: { ...state.threadFilter, ...filter } }));
      await get().loadThreads();
    },

    receiveThreadUpdated(thread) {
      set((state) => ({ threads: withThreadUpdate(state.threads, thread, state.threadFilter, state.threadsCursor === null) }));
      // The open thread was deleted elsewhere and is back (Undo in that tab): show it again here.
      if (get().missingThreadId === thread.id && get().selectedThreadId === thread.id) void get().selectThread(thread.id);
    },

    receiveThreadDeleted(threadId) {
      set((state) => {
        const chats = new Map(state.chats);
        chats.delete(threadId);
        const open = state.selectedThreadId === threadId;
        // This tab deleted it: back to a new chat. Another did: say so where the thread was.
        const deletedHere = state.recentlyDeleted?.threadId === threadId || deletesAskedHere.has(threadId);
        return {
          threads: withoutThread(state.threads, threadId),
          chats,
          ...(open && deletedHere ? { selectedThreadId: null } : {}),
          ...(open && !deletedHere ? { missingThreadId: threadId } : {}),
        };
      });
    },

    async renameThreadTitle(threadId, title) {
      try {
        const { thread } = await rpc.request('thread/rename', { threadId, title });
        get().receiveThreadUpdated(thread);
        return true;
      } catch (error) {
        set({ lastError: `Could not rename the thread: ${errorMessage(error)}` });
        return false;
      }
    },

    async setThreadArchived(threadId, archived) {
      try {
        const { thread } = await rpc.request('thread/archive', { threadId, archived });
        get().receiveThreadUpdated(thread);
        return true;
      } catch (error) {
        set({ lastError: `Could not ${archived ? 'archive' : 'unarchive'} the thread: ${errorMessage(error)}` });
        return false;
      }
    },

    deleteThread(threadId) {
      const title = get().threads.find((thread) => thread.id === threadId)?.title ?? '';
      const asked = { threadId, title, wasOpen: get().selectedThreadId === threadId };
      set({ recentlyDeleted: asked });
      deletesAskedHere.add(threadId);
      deleting = (async () => {
        try {
          await rpc.request('thread/delete', { threadId });
        } catch (error) {
          if (get().recentlyDeleted === asked) set({ recentlyDeleted: null });
          set({ lastError: `Could not delete the thread: ${errorMessage(error)}` });
          deletesAskedHere.delete(threadId);
          return false;
        }
        get().receiveThreadDeleted(threadId);
        deletesAskedHere.delete(threadId);
        return true;
      })();
      return deleting;
    },

    undoDelete() {
      const deleted = get().recentlyDeleted;
      if (!deleted) return Promise.resolve(false);
      set({ recentlyDeleted: null });
      const undoing = restoreDeleted(deleted);
      undosUnderWay.set(deleted.threadId, undoing);
      void undoing.finally(() => {
        if (undosUnderWay.get(deleted.threadId) === undoing) undosUnderWay.delete(deleted.threadId);
      });
      return undoing;
    },

    undoUnderWay(threadId) {
      return undosUnderWay.get(threadId);
    },

    dismissDeleted() {
      set({ recentlyDeleted: null });
    },

    startNewChat() {
      set({ selectedThreadId: null, missingThreadId: null, focusedEntry: null, lastError: null });
    },

    openThreadAddress(threadId, entryIndex) {
      if (threadId === null) return get().startNewChat();
      if (threadId === get().selectedThreadId && get().missingThreadId === null) return;
      set({ addressEntry: entryIndex === undefined ? null : { threadId, index: entryIndex } });
      // Before the connection is up, `synchronize` opens the selected thread when it connects.
      if (get().connectionStatus === 'connected') void get().selectThread(threadId);
      else set({ selectedThreadId: threadId });
    },

    async openSearchResult(threadId, index) {
      // The page around the entry, not every page from the end down to it.
      const opening = get().selectThread(threadId, index === undefined ? {} : { around: index });
      // Known before any entry arrives, so the chat opens at the entry rather than at its end.
      if (index !== undefined) set({ focusedEntry: { threadId, index } });
      if (!(await opening) && get().focusedEntry?.threadId === threadId) set({ focusedEntry: null });
    },
  };
};
