/**
 * Jumping into the middle of a long thread: a search result or an entry's link loads the page
 * around its entry (getThreadEntries `around`) instead of every page from the end down to it. The
 * tab then holds a window that does not reach the thread's end: older pages come as the reader
 * scrolls up (threads-slice.ts), newer ones as they scroll down, and the page that reaches the end
 * joins the window to the live thread. Until then live events do not touch the window's entries
 * (thread-sequence.ts): the newer pages bring what they added.
 */
import { MAX_ENTRIES_PAGE, type ThreadSnapshot } from '../lib/protocol/thread-events';
import { errorMessage } from './baton-rpc';
import type { BatonSliceCreator } from './baton-state';
import { entryAt, entryEnd } from './entry-list';
import { EMPTY_THREAD_CHAT, type ThreadChat } from './thread-chat';
import { FIRST_PAGE_ENTRIES } from './threads-slice';
import { hasGap, loadSnapshot, withFreshTail, withNewerPage } from './thread-sequence';

/** Entries around a jumped-to entry: a screen and its margin both ways. */
export const AROUND_PAGE_ENTRIES = 100;
export const NEWER_PAGE_ENTRIES = 100;

export interface EntryWindowSlice {
  /**
   * Replaces the thread's loaded entries with the page around `index` (unless it is loaded already).
   * False if that failed (`lastError` says why).
   */
  loadEntriesAround(threadId: string, index: number): Promise<boolean>;
  /** The page after the last entry held, for a window that does not reach the end (the reader scrolled down to it). */
  loadNewerEntries(threadId: string): Promise<void>;
  /** Replaces a window with the thread's newest entries (a prompt is sent from a window). */
  loadThreadEnd(threadId: string): Promise<void>;
}

export const createEntryWindowSlice: BatonSliceCreator<EntryWindowSlice> = (rpc) => (set, get) => {
  const updateChat = (threadId: string, update: (chat: ThreadChat) => ThreadChat) =>
    set((state) => ({ chats: new Map(state.chats).set(threadId, update(state.chats.get(threadId) ?? EMPTY_THREAD_CHAT)) }));

  /** Live events wait while the page comes; it then replaces the entries, and the list starts over there. */
  async function replaceEntries(threadId: string, params: { limit: number; around?: number }): Promise<void> {
    updateChat(threadId, (chat) => ({ ...chat, awaitingPage: true }));
    try {
      const page = await rpc.request('getThreadEntries', { threadId, ...params });
      // A page shorter than asked for ends at the thread's end; the end page always reaches it.
      const reachesEnd = params.around === undefined || page.entries.length < params.limit;
      updateChat(threadId, (chat) => ({ ...loadSnapshot(chat, page, reachesEnd), windowKey: chat.windowKey + 1 }));
    } catch (error) {
      updateChat(threadId, (chat) => ({ ...chat, awaitingPage: false }));
      throw error;
    }
    catchUpIfGap(threadId);
  }

  function catchUpIfGap(threadId: string): void {
    const chat = get().chats.get(threadId);
    if (chat && hasGap(chat)) void get().catchUpThread(threadId);
  }

  /** With a stale window, the thread's newest entries read again, reaching back to the window's first. */
  async function freshTail(threadId: string, chat: ThreadChat, pageEnd: number): Promise<ThreadSnapshot> {
    const limit = Math.max(1, Math.min(MAX_ENTRIES_PAGE, pageEnd - chat.entries.firstIndex));
    return rpc.request('getThreadEntries', { threadId, limit });
  }

  return {
    async loadEntriesAround(threadId, index) {
      const chat = get().chats.get(threadId);
      if (chat?.loaded && entryAt(chat.entries, index) !== undefined) return true;
      try {
        await replaceEntries(threadId, { limit: AROUND_PAGE_ENTRIES, around: index });
        return true;
      } catch (error) {
        set({ lastError: `Could not load the entry: ${errorMessage(error)}` });
        return false;
      }
    },

    async loadThreadEnd(threadId) {
      if (get().focusedEntry?.threadId === threadId) set({ focusedEntry: null });
      try {
        await replaceEntries(threadId, { limit: FIRST_PAGE_ENTRIES });
      } catch (error) {
        set({ lastError: `Could not load the thread's newest entries: ${errorMessage(error)}` });
      }
    },

    async loadNewerEntries(threadId) {
      const chat = get().chats.get(threadId);
      if (!chat?.loaded || chat.awaitingPage || chat.entries.reachesEnd) return;
      const end = entryEnd(chat.entries);
      // Nothing held to page on from (a rewind emptied the window): the end is where to go.
      if (end === 0) return get().loadThreadEnd(threadId);
      const windowKey = chat.windowKey;
      updateChat(threadId, (current) => ({ ...current, awaitingPage: true }));
      try {
        const page = await rpc.request('getThreadEntries', { threadId, limit: NEWER_PAGE_ENTRIES, after: end - 1 });
        const current = get().chats.get(threadId);
        // The thread was jumped elsewhere or reloaded meanwhile: this page belongs to no window held.
        if (!current || current.windowKey !== windowKey || entryEnd(current.entries) !== end) {
          updateChat(threadId, (latest) => ({ ...latest, awaitingPage: false }));
          return;
        }
        if ((page.firstIndex ?? 0) !== end) {
          // The thread ends before the window did (a rewind it missed): start over at the end.
          updateChat(threadId, (latest) => ({ ...latest, awaitingPage: false }));
          return get().loadThreadEnd(threadId);
        }
        const reachesEnd = page.entries.length < NEWER_PAGE_ENTRIES;
        if (reachesEnd && current.windowStale) {
          const tail = await freshTail(threadId, current, end + page.entries.length);
          if ((tail.firstIndex ?? 0) > end) {
            // The thread grew past the window meanwhile: its newest entries replace it.
            updateChat(threadId, (latest) => ({ ...loadSnapshot(latest, tail), windowKey: latest.windowKey + 1 }));
          } else {
            updateChat(threadId, (latest) => withFreshTail(latest, tail));
          }
        } else {
          updateChat(threadId, (latest) => withNewerPage(latest, page, reachesEnd));
        }
        catchUpIfGap(threadId);
      } catch (error) {
        updateChat(threadId, (latest) => ({ ...latest, awaitingPage: false }));
        set({ lastError: `Could not load newer entries: ${errorMessage(error)}` });
      }
    },
  };
};
