import { describe, expect, it } from 'vitest';
import { createBatonStore, selectOpenChat, selectTurnError } from './baton-store';
import { scriptedRelay, WireError } from './fake-baton-rpc';
import { entriesOf } from './entry-list';

describe('clearing a chat', () => {
  it('deletes the open thread on the relay and drops it from the list', async () => {
    const rpc = scriptedRelay({
      getThreads: () => ({ threads: [{ id: 'thread-1', title: 'Doomed', modifiedAt: '2025-01-01T00:00:00.000Z' }] }),
      getThreadEntries: () => ({
        entries: [{ type: 'message', role: 'user', chunks: [{ type: 'text', chunk: 'Hi' }] }],
        lastSeq: 6,
        turnRunning: false,
      }),
      'chat/delete': () => ({}),
    });
    const store = createBatonStore(rpc);
    await store.getState().loadThreads();
    await store.getState().selectThread('thread-1');

    expect(await store.getState().clearChat()).toBe(true);

    expect(rpc.requests).toContainEqual({ method: 'chat/delete', params: { chatId: 'thread-1' } });
    expect(store.getState()).toMatchObject({ threads: [], selectedThreadId: null });
    expect(store.getState().chats.has('thread-1')).toBe(false);
    expect(entriesOf(selectOpenChat(store.getState()).entries)).toEqual([]);
  });

  it('keeps the chat and shows why when the relay refuses', async () => {
    const store = createBatonStore(
      scriptedRelay({
        getThreadEntries: () => ({
          entries: [{ type: 'message', role: 'user', chunks: [{ type: 'text', chunk: 'Hi' }] }],
          lastSeq: 1,
          turnRunning: false,
        }),
        'chat/delete': () => {
          throw new WireError(-32001, 'Unknown thread');
        },
      }),
    );
    await store.getState().selectThread('thread-1');

    expect(await store.getState().clearChat()).toBe(false);

    expect(entriesOf(selectOpenChat(store.getState()).entries)).toHaveLength(1);
    expect(selectTurnError(store.getState())).toBe('Could not delete the thread: Unknown thread');
  });

  it('does nothing while a turn runs or with no thread open', async () => {
    const rpc = scriptedRelay({ getThreadEntries: () => ({ entries: [], lastSeq: 0, turnRunning: true }) });
    const store = createBatonStore(rpc);
    expect(await store.getState().clearChat()).toBe(false);
    await store.getState().selectThread('thread-1');
    expect(await store.getState().clearChat()).toBe(false);
    expect(rpc.methodsRequested()).not.toContain('chat/delete');
  });
});
