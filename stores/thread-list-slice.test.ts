import { describe, expect, it, vi } from 'vitest';
import { BatonErrorCodes } from '../lib/protocol/baton-protocol';
import { createBatonStore } from './baton-store';
import { scriptedRelay, WireError } from './testing/fake-baton-rpc';

const modifiedAt = '2025-01-01T00:00:00.000Z';

/** A store with thread-1 open, on a relay that deletes only once `finishDelete` is called, and restores. */
async function threadOpenWithDeleteHeld() {
  let finish = () => {};
  const rpc = scriptedRelay({
    'thread/delete': () => new Promise((resolve) => (finish = () => resolve({ restorableUntil: '2099-01-01T00:00:00.000Z' }))),
    'thread/restore': ({ threadId }) => ({ thread: { id: threadId, title: 'First', modifiedAt } }),
  });
  const store = createBatonStore(rpc);
  await store.getState().synchronize();
  await store.getState().selectThread('thread-1');
  return { rpc, store, finishDelete: () => finish() };
}

describe('the thread list in the store', () => {
  it('pages: the first page, then the next on request, with the filter', async () => {
    const rpc = scriptedRelay({
      getThreads: (params) =>
        params?.cursor
          ? { threads: [{ id: 'old', title: 'Old', modifiedAt }] }
          : { threads: [{ id: 'new', title: 'New', modifiedAt }], nextCursor: 'page-2' },
    });
    const store = createBatonStore(rpc);
    await store.getState().setThreadFilter({ query: ' zebra ' });
    expect(store.getState().threads.map((thread) => thread.id)).toEqual(['new']);
    await store.getState().loadMoreThreads();
    expect(store.getState().threads.map((thread) => thread.id)).toEqual(['new', 'old']);
    expect(store.getState().threadsCursor).toBeNull();
    expect(rpc.requests.filter((request) => request.method === 'getThreads').map((request) => request.params)).toEqual([
      { limit: 50, query: 'zebra' },
      { limit: 50, query: 'zebra', cursor: 'page-2' },
    ]);
  });

  it('deletes the open thread into a new chat, and Undo restores and reopens it', async () => {
    const rpc = scriptedRelay({
      'thread/delete': () => ({ restorableUntil: '2099-01-01T00:00:00.000Z' }),
      'thread/restore': ({ threadId }) => ({ thread: { id: threadId, title: 'First', modifiedAt } }),
    });
    const store = createBatonStore(rpc);
    await store.getState().synchronize();
    await store.getState().selectThread('thread-1');

    expect(await store.getState().deleteThread('thread-1')).toBe(true);
    expect(store.getState().threads).toEqual([]);
    expect(store.getState().selectedThreadId).toBeNull();
    expect(store.getState().recentlyDeleted).toEqual({ threadId: 'thread-1', title: 'First', wasOpen: true });

    expect(await store.getState().undoDelete()).toBe(true);
    expect(store.getState().threads.map((thread) => thread.id)).toEqual(['thread-1']);
    expect(store.getState().selectedThreadId).toBe('thread-1');
    expect(store.getState().recentlyDeleted).toBeNull();
  });

  it('Undo pressed while the relay is still deleting restores after the delete, and the thread stays open', async () => {
    const { rpc, store, finishDelete } = await threadOpenWithDeleteHeld();

    const deleted = store.getState().deleteThread('thread-1');
    const undone = store.getState().undoDelete();
    await Promise.resolve();
    expect(rpc.methodsRequested()).not.toContain('thread/restore');
    finishDelete();
    expect(await deleted).toBe(true);
    expect(await undone).toBe(true);

    const methods = rpc.methodsRequested();
    expect(methods.indexOf('thread/restore')).toBeGreaterThan(methods.indexOf('thread/delete'));
    expect(store.getState().threads.map((thread) => thread.id)).toEqual(['thread-1']);
    expect(store.getState().selectedThreadId).toBe('thread-1');
    expect(store.getState().missingThreadId).toBeNull();
    expect(store.getState().chats.get('thread-1')?.loaded).toBe(true);
  });

  it('sends a queued message edited right after Undo once the thread is restored, not to the thread still deleted', async () => {
    const { rpc, store, finishDelete } = await threadOpenWithDeleteHeld();
    store.setState({ queuedPrompts: new Map([['thread-1', [{ id: 1, text: 'the queued one', contexts: [], state: 'waiting' }]]]) });

    const deleted = store.getState().deleteThread('thread-1');
    expect(store.getState().queuedPrompts.get('thread-1')).toMatchObject([{ state: 'failed' }]);
    const undone = store.getState().undoDelete();
    // The user edits and sends it while the relay is still deleting the thread.
    store.getState().editQueuedPrompt('thread-1', 1, 'the queued one, edited');
    await Promise.resolve();
    expect(rpc.methodsRequested()).not.toContain('chat/prompt');

    finishDelete();
    expect(await deleted).toBe(true);
    expect(await undone).toBe(true);
    await vi.waitFor(() => expect(store.getState().queuedPrompts.get('thread-1') ?? []).toEqual([]));
    const methods = rpc.methodsRequested();
    expect(methods.indexOf('chat/prompt')).toBeGreaterThan(methods.indexOf('thread/restore'));
    expect(rpc.requests.find((request) => request.method === 'chat/prompt')?.params).toMatchObject({
      chatId: 'thread-1',
      message: 'the queued one, edited',
    });
  });

  it('shows "not found" for an address naming no thread, and for the open thread deleted in another tab', async () => {
    const store = createBatonStore(
      scriptedRelay({
        openThread: ({ threadId }) => {
          if (threadId === 'gone') throw new WireError(BatonErrorCodes.UnknownThread, 'There is no thread gone.');
          return null;
        },
      }),
    );
    await store.getState().synchronize();
    expect(await store.getState().selectThread('gone')).toBe(false);
    expect(store.getState().missingThreadId).toBe('gone');
    expect(store.getState().lastError).toBeNull();
    store.getState().startNewChat();
    expect(store.getState().missingThreadId).toBeNull();

    await store.getState().selectThread('thread-1');
    store.getState().receiveThreadDeleted('thread-1');
    expect(store.getState().missingThreadId).toBe('thread-1');
    expect(store.getState().threads).toEqual([]);
  });

  it('opens the thread again when another tab undoes the delete of the thread open here', async () => {
    const rpc = scriptedRelay();
    const store = createBatonStore(rpc);
    await store.getState().synchronize();
    await store.getState().selectThread('thread-1');
    store.getState().receiveThreadDeleted('thread-1');
    expect(store.getState().missingThreadId).toBe('thread-1');
    const opensBefore = rpc.requests.filter((request) => request.method === 'openThread').length;

    store.getState().receiveThreadUpdated({ id: 'thread-1', title: 'First', modifiedAt });
    await vi.waitFor(() => expect(store.getState().chats.get('thread-1')?.loaded).toBe(true));
    expect(store.getState().missingThreadId).toBeNull();
    expect(store.getState().selectedThreadId).toBe('thread-1');
    expect(rpc.requests.filter((request) => request.method === 'openThread').length).toBe(opensBefore + 1);
    expect(store.getState().threads.map((thread) => thread.id)).toEqual(['thread-1']);
  });

  it('asks the relay for the threads of one agent, or running, or waiting for an approval', async () => {
    const rpc = scriptedRelay();
    const store = createBatonStore(rpc);
    await store.getState().setThreadFilter({ agent: 'eca' });
    await store.getState().setThreadFilter({ status: 'waiting' });
    await store.getState().setThreadFilter({ agent: null, status: null, archived: true });
    expect(rpc.requests.filter((request) => request.method === 'getThreads').map((request) => request.params)).toEqual([
      { limit: 50, agent: 'eca' },
      { limit: 50, agent: 'eca', status: 'waiting' },
      { limit: 50, archived: true },
    ]);
  });
});
