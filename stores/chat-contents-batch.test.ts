import { describe, expect, it } from 'vitest';
import { createBatonStore, selectOpenChat } from './baton-store';
import { approvedAndRejectedTurn, received } from './testing/chat-contents-support';
import { entriesOf } from './entry-list';
import { FakeBatonRpc } from './testing/fake-baton-rpc';

const modifiedAt = '2025-01-01T00:00:00.000Z';

async function openedStore() {
  const store = createBatonStore(
    new FakeBatonRpc({
      initialize: () => ({}),
      getThreads: () => ({ threads: [{ id: 'thread-1', title: 'First', modifiedAt }] }),
      openThread: () => null,
      getThreadEntries: () => ({ entries: [], lastSeq: 0, turnRunning: false }),
      getThreadEvents: () => ({ events: [], turnRunning: false }),
      listDirectory: () => ({ entries: [], truncated: false }),
    }),
  );
  await store.getState().synchronize();
  await store.getState().selectThread('thread-1');
  return store;
}

describe('receiveChatContents', () => {
  it('leaves the thread as the same contents received one by one do: entries, title and turn', async () => {
    const oneByOne = await openedStore();
    const batched = await openedStore();
    const turn = approvedAndRejectedTurn('thread-1');
    for (const content of turn) oneByOne.getState().receiveChatContent(content);
    batched.getState().receiveChatContents(turn);

    const expected = selectOpenChat(oneByOne.getState());
    const actual = selectOpenChat(batched.getState());
    expect(entriesOf(actual.entries)).toEqual(entriesOf(expected.entries));
    expect(actual.turnRunning).toBe(expected.turnRunning);
    expect(batched.getState().threads.map((thread) => thread.title)).toEqual(oneByOne.getState().threads.map((thread) => thread.title));
  });

  it("changes the store once for a frame's streamed pieces, not once a piece", async () => {
    const store = await openedStore();
    const pieces = ['Streamed ', 'in ', 'three pieces.'].map((text) => received('thread-1', 'assistant', { type: 'text', text }));
    let changes = 0;
    const stop = store.subscribe(() => changes++);
    store.getState().receiveChatContents(pieces);
    stop();
    expect(changes).toBe(1);
    const last = entriesOf(selectOpenChat(store.getState()).entries).at(-1);
    expect(last).toEqual({ type: 'message', role: 'assistant', chunks: [{ type: 'text', chunk: 'Streamed in three pieces.' }] });
  });
});
