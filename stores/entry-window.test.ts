/** A window in the middle of a long thread: loaded around an entry, paged both ways, joined to the live end. */
import { describe, expect, it } from 'vitest';
import { entriesOf, entryCount } from './entry-list';
import { AROUND_PAGE_ENTRIES } from './entry-window-slice';
import { type LiveThread, liveThread, message } from './testing/live-thread-support';

async function scrollToEnd(thread: LiveThread) {
  while (!thread.chat().entries.reachesEnd) await thread.store.getState().loadNewerEntries('thread-1');
}

describe('a window around an entry', () => {
  it('opens a search result at the page around its entry, then pages up to the start and down to the end, each entry once', async () => {
    const thread = liveThread(1_000);
    await thread.store.getState().openSearchResult('thread-1', 500);
    expect(thread.requests()).toEqual([{ threadId: 'thread-1', limit: AROUND_PAGE_ENTRIES, around: 500 }]);
    expect(thread.store.getState().focusedEntry).toEqual({ threadId: 'thread-1', index: 500 });
    let chat = thread.chat();
    expect(chat.entries.firstIndex).toBe(450);
    expect(entryCount(chat.entries)).toBe(AROUND_PAGE_ENTRIES);
    expect(chat.entries.reachesEnd).toBe(false);

    while (thread.chat().entries.firstIndex > 0) await thread.store.getState().loadOlderEntries('thread-1');
    await scrollToEnd(thread);
    chat = thread.chat();
    expect(entriesOf(chat.entries)).toEqual(thread.entries);
    expect(chat.entries.firstIndex).toBe(0);
    expect(chat.awaitingPage).toBe(false);
    // Joined to the end: the next event is folded at the end, as when the thread opened there.
    thread.store.getState().receiveChatContent(thread.append('after the join'));
    expect(entriesOf(thread.chat().entries)).toEqual(thread.entries);
  });

  it('leaves the window untouched by live events (the turn state follows them), and the pages down to the end bring them', async () => {
    const thread = liveThread(300);
    await thread.store.getState().selectThread('thread-1', { around: 100 });
    const window = thread.chat().entries;
    thread.store.getState().receiveChatContent({
      chatId: 'thread-1',
      role: 'system',
      content: { type: 'progress', state: 'running', text: 'Generating' },
      seq: 301,
    });
    thread.store.getState().receiveChatContent(thread.append('streamed while away'));
    // Nothing copied or kept per event: the same entries, and the turn's state still follows.
    expect(thread.chat().entries).toBe(window);
    expect(thread.chat().pending.size).toBe(0);
    expect(thread.chat().turnRunning).toBe(true);
    await scrollToEnd(thread);
    expect(entriesOf(thread.chat().entries)).toEqual(thread.entries.slice(thread.chat().entries.firstIndex));
  });

  it('folds the events that arrive while the joining page travels after it, once each, with no page read again', async () => {
    const thread = liveThread(300);
    await thread.store.getState().selectThread('thread-1', { around: 100 });
    thread.state.onRequest = (params) => {
      if (params.after !== undefined && params.after + 1 + (params.limit ?? 0) > thread.entries.length) {
        thread.state.onRequest = () => {};
        thread.store.getState().receiveChatContent(thread.append('while the last page travelled'));
      }
    };
    await scrollToEnd(thread);
    const held = entriesOf(thread.chat().entries);
    expect(held).toEqual(thread.entries.slice(thread.chat().entries.firstIndex));
    expect(held.filter((entry) => entry.type === 'message' && entry.chunks[0]?.chunk === 'while the last page travelled')).toHaveLength(1);
    expect(thread.chat().lastSeq).toBe(thread.entries.length);
    expect(thread.requests().every((params) => params.around !== undefined || params.after !== undefined)).toBe(true);
  });

  it('reads the window again when joining the end if a turn ran while it was held', async () => {
    const thread = liveThread(250);
    thread.state.turnRunning = true;
    await thread.store.getState().selectThread('thread-1', { around: 150 });
    expect(thread.chat().windowStale).toBe(true);
    // An entry of the window changes on the relay (a tool call finishing, say) while it is held.
    thread.entries[180] = message('entry 180, finished');
    thread.state.turnRunning = false;
    await scrollToEnd(thread);
    const chat = thread.chat();
    expect(entriesOf(chat.entries)).toEqual(thread.entries.slice(chat.entries.firstIndex));
    expect(chat.entries.firstIndex).toBe(100);
    expect(chat.turnRunning).toBe(false);
    expect(thread.requests().at(-1)).toEqual({ threadId: 'thread-1', limit: 150 });
  });

  it('holds a short thread whole, joined to the end at once', async () => {
    const thread = liveThread(30);
    await thread.store.getState().openSearchResult('thread-1', 12);
    expect(thread.chat().entries.reachesEnd).toBe(true);
    thread.store.getState().receiveChatContent(thread.append('next'));
    expect(entriesOf(thread.chat().entries)).toEqual(thread.entries);
  });

  it('goes to a linked entry through the page around it, and to one already held without asking', async () => {
    const thread = liveThread(1_000);
    await thread.store.getState().selectThread('thread-1');
    await thread.store.getState().goToEntry(40);
    expect(thread.requests().at(-1)).toEqual({ threadId: 'thread-1', limit: AROUND_PAGE_ENTRIES, around: 40 });
    expect(thread.store.getState().entryTarget?.index).toBe(40);
    expect(thread.chat().entries.firstIndex).toBe(0);
    const asked = thread.requests().length;
    await thread.store.getState().goToEntry(60);
    expect(thread.requests().length).toBe(asked);
    expect(thread.store.getState().entryTarget?.index).toBe(60);
  });

  it('sends a prompt from a window at the thread end, where its answer will show', async () => {
    const thread = liveThread(1_000);
    await thread.store.getState().openSearchResult('thread-1', 300);
    expect(await thread.store.getState().sendPrompt('and now?')).toBe(true);
    const chat = thread.chat();
    expect(chat.entries.reachesEnd).toBe(true);
    expect(chat.entries.firstIndex + entryCount(chat.entries)).toBe(1_000);
    expect(chat.turnRunning).toBe(true);
    expect(thread.store.getState().focusedEntry).toBeNull();
  });
});

describe("an entry's link", () => {
  it('opened before the connection is up, loads the page around the entry in one request, not the end first', async () => {
    const thread = liveThread(1_000);
    thread.store.getState().openThreadAddress('thread-1', 300);
    expect(thread.requests()).toEqual([]);
    await thread.store.getState().synchronize();
    expect(thread.requests()).toEqual([{ threadId: 'thread-1', limit: AROUND_PAGE_ENTRIES, around: 300 }]);
    expect(thread.chat().entries.firstIndex).toBe(250);
    // The link is used once: a later reopen (a reconnect) opens the thread as usual.
    expect(thread.store.getState().addressEntry).toBeNull();
  });

  it('opened while connected, loads the page around the entry at once', async () => {
    const thread = liveThread(1_000);
    await thread.store.getState().synchronize();
    thread.store.getState().openThreadAddress('thread-1', 700);
    await expect.poll(() => thread.chat().loaded).toBe(true);
    expect(thread.requests()).toEqual([{ threadId: 'thread-1', limit: AROUND_PAGE_ENTRIES, around: 700 }]);
  });
});
