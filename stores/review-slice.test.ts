/** Moving through a thread's tool calls and changes, and what an import refuses before sending. */
import { describe, expect, it } from 'vitest';
import { createBatonStore } from './baton-store';
import { scriptedRelay, WireError } from './testing/fake-baton-rpc';
import { MAX_IMPORT_UPLOAD_BYTES, selectChangesShown } from './review-slice';

const message = (chunk: string) => ({ type: 'message' as const, role: 'user' as const, chunks: [{ type: 'text' as const, chunk }] });

function openedStore() {
  const rpc = scriptedRelay({
    getThreadEntries: () => ({
      entries: Array.from({ length: 12 }, (_, index) => message(`entry ${index}`)),
      lastSeq: 12,
      turnRunning: false,
    }),
    'thread/changes': () => ({ toolCalls: [2, 5, 9], changes: [5, 9], files: [] }),
    'thread/import': () => ({ threadId: 'thread-imported' }),
  });
  return { rpc, store: createBatonStore(rpc) };
}

describe('review slice', () => {
  it('goes to the next and previous tool call and change from the entry it went to last', async () => {
    const { store } = openedStore();
    await store.getState().selectThread('thread-1');
    const at = () => store.getState().entryTarget?.index;
    await store.getState().goToNext('toolCall', 1);
    expect(at()).toBe(2);
    await store.getState().goToNext('toolCall', 1);
    expect(at()).toBe(5);
    await store.getState().goToNext('change', 1);
    expect(at()).toBe(9);
    // Past the last one, the reader stays where they are.
    await store.getState().goToNext('change', 1);
    expect(at()).toBe(9);
    await store.getState().goToNext('toolCall', -1);
    expect(at()).toBe(5);
    await store.getState().goToNext('change', -1);
    expect(at()).toBe(5);
  });

  it('shows the usage the thread last reported when it is opened again', async () => {
    const usage = { sessionTokens: 1234, messageInputTokens: 1000, messageOutputTokens: 234 };
    const rpc = scriptedRelay({
      getThreadEntries: () => ({
        entries: [
          message('hi'),
          { type: 'turnSummary', outcome: 'done', usage },
          message('again'),
          { type: 'turnSummary', outcome: 'stopped' },
        ],
        lastSeq: 9,
        turnRunning: false,
      }),
    });
    const store = createBatonStore(rpc);
    await store.getState().selectThread('thread-1');
    expect(store.getState().chats.get('thread-1')?.usage).toEqual(usage);
  });

  it('refuses a file over the relay message size without sending it, and opens an imported thread', async () => {
    const { rpc, store } = openedStore();
    expect(await store.getState().importThread('{}', MAX_IMPORT_UPLOAD_BYTES + 1)).toBeNull();
    expect(store.getState().lastError).toMatch(/too large to import here .*npx baton import FILE/);
    expect(rpc.methodsRequested()).not.toContain('thread/import');

    expect(await store.getState().importThread('{"format":"baton-thread"}', 30)).toBe('thread-imported');
    expect(store.getState().selectedThreadId).toBe('thread-imported');
  });

  it("shows the open thread's Changes panel until another thread opens or an entry is gone to", async () => {
    const { store } = openedStore();
    await store.getState().selectThread('thread-1');
    store.getState().showChanges(true);
    expect(selectChangesShown(store.getState())).toBe(true);
    await store.getState().goToNext('change', 1);
    expect(store.getState().entryTarget?.index).toBe(5);
    expect(selectChangesShown(store.getState())).toBe(false);

    store.getState().showChanges(true);
    await store.getState().selectThread('thread-2');
    expect(selectChangesShown(store.getState())).toBe(false);
  });

  it('reverts a file of the open thread and reads its changes again; a refusal is shown, not thrown', async () => {
    const file = (reverted?: true) => ({
      path: 'notes.md',
      linesAdded: 1,
      linesRemoved: 1,
      ...(reverted ? { reverted } : {}),
      changes: [],
    });
    let reverted = false;
    const rpc = scriptedRelay({
      getThreadEntries: () => ({ entries: [message('write')], lastSeq: 1, turnRunning: false }),
      'thread/changes': () => ({ toolCalls: [], changes: [], files: [file(reverted || undefined)] }),
      'thread/revertFile': ({ path }) => {
        if (path !== 'notes.md') throw new WireError(-32602, `This thread did not change ${path}`);
        reverted = true;
        return { outcome: 'reverted', file: { path, action: 'restore' } };
      },
    });
    const store = createBatonStore(rpc);
    await store.getState().selectThread('thread-1');
    await store.getState().loadThreadChanges('thread-1');
    expect(store.getState().threadChanges?.files).toEqual([file()]);

    expect(await store.getState().revertFile('notes.md')).toEqual({ outcome: 'reverted', file: { path: 'notes.md', action: 'restore' } });
    expect(rpc.requests.find((request) => request.method === 'thread/revertFile')?.params).toEqual({
      threadId: 'thread-1',
      path: 'notes.md',
    });
    expect(store.getState().threadChanges?.files).toEqual([file(true)]);

    expect(await store.getState().revertFile('other.md', true)).toBeNull();
    expect(store.getState().lastError).toBe('Could not revert other.md: This thread did not change other.md');
  });
});
