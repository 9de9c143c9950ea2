import { describe, expect, it } from 'vitest';
import type { ThreadEntry } from '../lib/protocol/thread-model';
import { createBatonStore, selectOpenChat } from './baton-store';
import { entriesOf, entryCount } from './entry-list';
import { scriptedRelay } from './testing/fake-baton-rpc';
import { FIRST_PAGE_ENTRIES } from './threads-slice';

/** Several older pages, all within the bound a tab holds. */
const THREAD_LENGTH = 650;
const thread: ThreadEntry[] = Array.from({ length: THREAD_LENGTH }, (_, index) => ({
  type: 'message',
  role: 'user',
  chunks: [{ type: 'text', chunk: `entry ${index}` }],
}));

/** A relay that pages through `thread` as the real one does. */
function pagingRelay(
  answer: (page: { entries: ThreadEntry[]; firstIndex: number }) => { entries: ThreadEntry[]; firstIndex: number } = (page) => page,
) {
  return scriptedRelay({
    getThreadEntries: ({ limit, before }) => {
      const end = before ?? THREAD_LENGTH;
      const firstIndex = limit === undefined ? 0 : Math.max(0, end - limit);
      return { ...answer({ entries: thread.slice(firstIndex, end), firstIndex }), lastSeq: 0, turnRunning: false };
    },
  });
}

describe('a long thread in the store', () => {
  it('opens at its newest entries and loads older pages in front of them, down to the first', async () => {
    const rpc = pagingRelay();
    const store = createBatonStore(rpc);
    await store.getState().selectThread('thread-1');
    let chat = selectOpenChat(store.getState());
    expect(entryCount(chat.entries)).toBe(FIRST_PAGE_ENTRIES);
    expect(chat.entries.firstIndex).toBe(THREAD_LENGTH - FIRST_PAGE_ENTRIES);

    while (selectOpenChat(store.getState()).entries.firstIndex > 0) await store.getState().loadOlderEntries('thread-1');
    chat = selectOpenChat(store.getState());
    expect(entriesOf(chat.entries)).toEqual(thread);
    expect(chat.loadingOlder).toBe(false);
    // Once at the first entry, nothing more is asked for.
    const asked = rpc.requests.length;
    await store.getState().loadOlderEntries('thread-1');
    expect(rpc.requests.length).toBe(asked);
  });

  it('refuses a page that does not end where the loaded entries start, and says so', async () => {
    const store = createBatonStore(
      pagingRelay((page) =>
        page.firstIndex === 0 || page.entries.length === FIRST_PAGE_ENTRIES ? page : { ...page, entries: page.entries.slice(1) },
      ),
    );
    await store.getState().selectThread('thread-1');
    await store.getState().loadOlderEntries('thread-1');
    const chat = selectOpenChat(store.getState());
    expect(entryCount(chat.entries)).toBe(FIRST_PAGE_ENTRIES);
    expect(chat.loadingOlder).toBe(false);
    expect(store.getState().lastError).toMatch(/Could not load older entries/);
  });
});
