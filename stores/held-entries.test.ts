/** A tab holds a bounded part of a long thread: the far end of what it holds goes as the reader pages on. */
import { describe, expect, it } from 'vitest';
import { entriesOf, entryAt, entryCount, entryListOf, MAX_HELD_ENTRIES, withoutNewest, withoutOldest } from './entry-list';
import { liveThread, message, type LiveThread } from './testing/live-thread-support';

const LENGTH = MAX_HELD_ENTRIES * 3 + 250;

async function pageUpToFirst(thread: LiveThread, onPage: () => void = () => {}) {
  while (thread.chat().entries.firstIndex > 0) {
    await thread.store.getState().loadOlderEntries('thread-1');
    onPage();
  }
}

async function pageDownToEnd(thread: LiveThread, onPage: () => void = () => {}) {
  while (!thread.chat().entries.reachesEnd) {
    await thread.store.getState().loadNewerEntries('thread-1');
    onPage();
  }
}

describe('bounding the entries held', () => {
  const entries = Array.from({ length: 50 }, (_, index) => message(`entry ${index}`));

  it('drops the newest beyond the bound: the list then no longer reaches the end', () => {
    const list = withoutNewest(entryListOf(entries, 100), 20);
    expect(list.firstIndex).toBe(100);
    expect(entriesOf(list)).toEqual(entries.slice(0, 20));
    expect(entryAt(list, 100)).toBe(entries[0]);
    expect(list.reachesEnd).toBe(false);
  });

  it('drops the oldest beyond the bound: the list then starts later, and still reaches the end', () => {
    const list = withoutOldest(entryListOf(entries, 100), 20);
    expect(list.firstIndex).toBe(130);
    expect(entriesOf(list)).toEqual(entries.slice(30));
    expect(entryAt(list, 130)).toBe(entries[30]);
    expect(list.reachesEnd).toBe(true);
  });

  it('leaves a list within the bound as it is', () => {
    const list = entryListOf(entries, 100);
    expect(withoutNewest(list, 50)).toBe(list);
    expect(withoutOldest(list, 50)).toBe(list);
  });
});

describe('a long thread read from its end to its first entry and back', () => {
  it('holds at most the bound while paging up, and reaches the first entry with the newest dropped', async () => {
    const thread = liveThread(LENGTH);
    await thread.store.getState().selectThread('thread-1');
    let most = 0;
    await pageUpToFirst(thread, () => (most = Math.max(most, entryCount(thread.chat().entries))));
    const chat = thread.chat();
    expect(most).toBeLessThanOrEqual(MAX_HELD_ENTRIES);
    expect(chat.entries.firstIndex).toBe(0);
    expect(entriesOf(chat.entries)).toEqual(thread.entries.slice(0, entryCount(chat.entries)));
    expect(chat.entries.reachesEnd).toBe(false);
  });

  it('pages back down to the end holding at most the bound (the oldest go), every entry where it belongs, and joins the live end', async () => {
    const thread = liveThread(LENGTH);
    await thread.store.getState().selectThread('thread-1');
    await pageUpToFirst(thread);
    let most = 0;
    await pageDownToEnd(thread, () => (most = Math.max(most, entryCount(thread.chat().entries))));
    const { entries } = thread.chat();
    expect(most).toBeLessThanOrEqual(MAX_HELD_ENTRIES);
    expect(entries.firstIndex).toBe(LENGTH - entryCount(entries));
    expect(entriesOf(entries)).toEqual(thread.entries.slice(entries.firstIndex));
    thread.store.getState().receiveChatContent(thread.append('after the return'));
    expect(entriesOf(thread.chat().entries).at(-1)).toEqual(message('after the return'));
    // And up again to the first entry: the oldest come back a page at a time.
    await pageUpToFirst(thread);
    expect(entriesOf(thread.chat().entries)).toEqual(thread.entries.slice(0, entryCount(thread.chat().entries)));
  });

  it('shows what was streamed while the reader was at the first entry once they return to the end, by paging or by jumping', async () => {
    for (const returnToEnd of [pageDownToEnd, (thread: LiveThread) => thread.store.getState().loadThreadEnd('thread-1')]) {
      const thread = liveThread(LENGTH);
      await thread.store.getState().selectThread('thread-1');
      await pageUpToFirst(thread);
      thread.store.getState().receiveChatContent(thread.append('streamed while at the start'));
      // The window at the start is left as it was.
      expect(entriesOf(thread.chat().entries).some((entry) => JSON.stringify(entry).includes('streamed while at the start'))).toBe(false);
      await returnToEnd(thread);
      expect(entriesOf(thread.chat().entries).at(-1)).toEqual(message('streamed while at the start'));
      expect(thread.chat().entries.reachesEnd).toBe(true);
    }
  });

  it('opens at the first entry with "jump to the start", from the thread opened at its end', async () => {
    const thread = liveThread(LENGTH);
    await thread.store.getState().selectThread('thread-1');
    await thread.store.getState().goToEntry(0);
    const { entries } = thread.chat();
    expect(entries.firstIndex).toBe(0);
    expect(entryAt(entries, 0)).toEqual(thread.entries[0]);
    expect(entries.reachesEnd).toBe(false);
    expect(thread.store.getState().entryTarget?.index).toBe(0);
  });
});
