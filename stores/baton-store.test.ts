import { describe, expect, it } from 'vitest';
import type { ThreadEntry } from '../lib/protocol/thread-model';
import { createBatonStore, selectOpenChat, selectTurnActive, selectTurnError } from './baton-store';
import { approvedAndRejectedTurn, received } from './testing/chat-contents-support';
import { FakeBatonRpc, WireError, type FakeHandlers } from './testing/fake-baton-rpc';
import { entriesOf } from './entry-list';

const modifiedAt = '2025-01-01T00:00:00.000Z';

function relay(handlers: FakeHandlers = {}) {
  return new FakeBatonRpc({
    initialize: () => ({}),
    getThreads: () => ({ threads: [{ id: 'thread-1', title: 'First', modifiedAt }] }),
    createThread: () => ({ threadId: 'thread-new' }),
    openThread: () => null,
    getThreadEntries: () => ({ entries: [], lastSeq: 0, turnRunning: false }),
    getThreadEvents: () => ({ events: [], turnRunning: false }),
    'chat/prompt': ({ chatId }) => ({ chatId: chatId ?? '', model: 'offline-demo', status: 'prompting' }),
    listDirectory: () => ({
      entries: [
        { name: 'README.md', kind: 'file' },
        { name: 'src', kind: 'directory' },
      ],
      truncated: false,
    }),
    readBinaryFile: ({ path }) => ({ version: 1, content: Buffer.from(`text of ${path}`).toString('base64') }),
    readTextFile: ({ path }) => ({ version: 1, content: `text of ${path}` }),
    ...handlers,
  });
}

describe('the Baton store', () => {
  it('initializes, lists threads and files, and reports connected', async () => {
    const rpc = relay();
    const store = createBatonStore(rpc);
    expect(store.getState().connectionStatus).toBe('connecting');
    expect(store.getState().threadsLoaded).toBe(false);

    await store.getState().synchronize();
    expect(store.getState().threadsLoaded).toBe(true);

    const state = store.getState();
    expect(state.connectionStatus).toBe('connected');
    expect(state.threads.map((thread) => thread.title)).toEqual(['First']);
    // Folders first: the tree shows `src` above `README.md`.
    expect(state.folders.get('.')).toMatchObject({ status: 'loaded', entries: [{ name: 'src' }, { name: 'README.md' }] });
    expect(rpc.notifications.map((notification) => notification.method)).toEqual(['initialized', 'tab/visibility']);
  });

  it('keeps the agent info from config/updated', () => {
    const store = createBatonStore(relay());
    store.getState().receiveConfig({
      baton: { agentName: 'Built-in agent', offlineDemo: true, workspaceName: 'demo' },
      chat: { welcomeMessage: 'Hello' },
    });
    store.getState().receiveConfig({ chat: { selectModel: 'offline-demo' } });
    expect(store.getState().agent?.offlineDemo).toBe(true);
    expect(store.getState().chatConfig).toEqual({ welcomeMessage: 'Hello', selectModel: 'offline-demo' });
  });

  it('loads a thread, then folds live contents onto its entries', async () => {
    const recorded: ThreadEntry[] = [
      { type: 'message', role: 'user', chunks: [{ type: 'text', chunk: 'Earlier' }] },
      { type: 'message', role: 'assistant', chunks: [{ type: 'text', chunk: 'Answer' }] },
    ];
    const store = createBatonStore(relay({ getThreadEntries: () => ({ entries: recorded, lastSeq: 2, turnRunning: false }) }));
    await store.getState().synchronize();
    await store.getState().selectThread('thread-1');
    expect(entriesOf(selectOpenChat(store.getState()).entries)).toEqual(recorded);

    for (const content of approvedAndRejectedTurn('thread-1')) store.getState().receiveChatContent(content);

    const chat = selectOpenChat(store.getState());
    expect(entriesOf(chat.entries).map((entry) => (entry.type === 'toolCall' ? entry.status : entry.type))).toEqual([
      'message',
      'message',
      'message',
      'message',
      'succeeded',
      'rejected',
    ]);
    expect(chat.turnRunning).toBe(false);
    expect(store.getState().threads[0]?.title).toBe('Tidy the notes');
  });

  it('copies the chats map on write, so subscribers see a new object', () => {
    const store = createBatonStore(relay());
    const before = store.getState().chats;
    store.getState().receiveChatContent(received('thread-1', 'user', { type: 'text', text: 'Hi' }));
    expect(store.getState().chats).not.toBe(before);
    expect(before.size).toBe(0);
  });

  it('creates the thread with the first prompt sent with none selected, then opens it', async () => {
    const rpc = relay({
      'chat/prompt': () => ({ chatId: 'thread-new', model: 'offline-demo', status: 'prompting' }),
      getThreadEntries: () => ({ entries: [], lastSeq: 2, turnRunning: true }),
    });
    const store = createBatonStore(rpc);
    await store.getState().synchronize();

    expect(await store.getState().sendPrompt('Hello')).toBe(true);

    expect(rpc.methodsRequested()).not.toContain('createThread');
    expect(rpc.methodsRequested().slice(-3)).toEqual(['chat/prompt', 'openThread', 'getThreadEntries']);
    expect(rpc.requests.at(-3)?.params).toEqual({ message: 'Hello' });
    const state = store.getState();
    expect(state.selectedThreadId).toBe('thread-new');
    expect(selectOpenChat(state).turnRunning).toBe(true);
  });

  it('a first prompt’s turn can be stopped from Send until its thread is open and loaded', async () => {
    let answerPrompt: () => void = () => undefined;
    let answerEntries: () => void = () => undefined;
    const rpc = relay({
      'chat/prompt': () =>
        new Promise((resolve) => (answerPrompt = () => resolve({ chatId: 'thread-new', model: 'offline-demo', status: 'prompting' }))),
      getThreadEntries: () => new Promise((resolve) => (answerEntries = () => resolve({ entries: [], lastSeq: 2, turnRunning: false }))),
    });
    const stops = () => rpc.notifications.filter((notification) => notification.method === 'chat/promptStop');
    const store = createBatonStore(rpc);
    await store.getState().synchronize();
    const sent = store.getState().sendPrompt('Hello');

    // Before the relay names the thread: active, and a Stop is kept.
    expect(selectTurnActive(store.getState())).toBe(true);
    store.getState().stopTurn();
    expect(stops()).toEqual([]);
    answerPrompt();
    await until(() => rpc.methodsRequested().includes('getThreadEntries'));
    expect(stops()).toEqual([{ method: 'chat/promptStop', params: { chatId: 'thread-new' } }]);

    // Named and open, its record not loaded yet: still active, and a Stop goes to it.
    expect(store.getState().selectedThreadId).toBe('thread-new');
    expect(selectTurnActive(store.getState())).toBe(true);
    store.getState().stopTurn();
    expect(stops()).toHaveLength(2);

    // Loaded: the record says whether the turn runs.
    answerEntries();
    expect(await sent).toBe(true);
    expect(selectTurnActive(store.getState())).toBe(false);
    expect(store.getState().newThreadPrompt).toBeNull();
  });

  it('shows a failed prompt as the error and leaves the composer usable', async () => {
    const store = createBatonStore(
      relay({
        'chat/prompt': () => {
          throw new WireError(-32603, 'The agent is busy');
        },
      }),
    );
    await store.getState().selectThread('thread-1');

    expect(await store.getState().sendPrompt('Hello')).toBe(false);

    expect(selectTurnError(store.getState())).toBe('The agent is busy');
    expect(selectOpenChat(store.getState()).turnRunning).toBe(false);
  });

  it('sends approve, reject and stop for the open thread', async () => {
    const rpc = relay();
    const store = createBatonStore(rpc);
    await store.getState().selectThread('thread-1');

    store.getState().approveToolCall('call-1');
    store.getState().approveToolCall('call-3', { forSession: true });
    store.getState().rejectToolCall('call-2');
    store.getState().stopTurn();

    expect(rpc.notifications).toEqual([
      { method: 'chat/toolCallApprove', params: { chatId: 'thread-1', toolCallId: 'call-1' } },
      { method: 'chat/toolCallApprove', params: { chatId: 'thread-1', toolCallId: 'call-3', save: 'session' } },
      { method: 'chat/toolCallReject', params: { chatId: 'thread-1', toolCallId: 'call-2' } },
      { method: 'chat/promptStop', params: { chatId: 'thread-1' } },
    ]);
  });

  it('after a reconnect, asks for the events after the last one it saw and folds exactly those', async () => {
    const rpc = relay({
      getThreadEntries: () => ({ entries: [], lastSeq: 0, turnRunning: false }),
      getThreadEvents: ({ afterSeq }) => ({
        events: [
          { seq: 1, ...received('thread-1', 'user', { type: 'text', text: 'Sent before' }) },
          { seq: 2, ...received('thread-1', 'assistant', { type: 'text', text: 'Answered ' }) },
          { seq: 3, ...received('thread-1', 'assistant', { type: 'text', text: 'while away' }) },
        ].filter((event) => event.seq > afterSeq),
        turnRunning: true,
      }),
    });
    const store = createBatonStore(rpc);
    await store.getState().synchronize();
    await store.getState().selectThread('thread-1');
    store.getState().receiveChatContent({ seq: 1, ...received('thread-1', 'user', { type: 'text', text: 'Sent before' }) });

    store.getState().connectionLost();
    expect(store.getState().connectionStatus).toBe('disconnected');
    expect(selectOpenChat(store.getState()).turnRunning).toBe(false);

    rpc.requests.length = 0;
    await store.getState().synchronize();

    expect(rpc.requests).toContainEqual({ method: 'getThreadEvents', params: { threadId: 'thread-1', afterSeq: 1 } });
    expect(store.getState().connectionStatus).toBe('connected');
    const chat = selectOpenChat(store.getState());
    expect(entriesOf(chat.entries).map((entry) => (entry.type === 'message' ? entry.chunks.map((c) => c.chunk).join('') : ''))).toEqual([
      'Sent before',
      'Answered while away',
    ]);
    expect(chat).toMatchObject({ lastSeq: 3, turnRunning: true });
  });

  it('on re-opening a thread, trusts only the relay about whether its turn still runs', async () => {
    let stillRunning = true;
    const rpc = relay({
      getThreadEntries: () => ({ entries: [], lastSeq: 0, turnRunning: stillRunning }),
      getThreadEvents: () => ({ events: [], turnRunning: stillRunning }),
    });
    const store = createBatonStore(rpc);
    await store.getState().selectThread('thread-1');
    expect(selectOpenChat(store.getState()).turnRunning).toBe(true);

    // The turn ends while this tab watches another thread, so it never hears `finished`.
    await store.getState().selectThread('thread-2');
    stillRunning = false;
    await store.getState().selectThread('thread-1');
    expect(selectOpenChat(store.getState()).turnRunning).toBe(false);
  });

  it('shows the selected file and ignores a read that finishes after another file was chosen', async () => {
    let release: () => void = () => {};
    const slowRead = new Promise<void>((resolve) => (release = resolve));
    const store = createBatonStore(
      relay({
        readTextFile: async ({ path }) => {
          if (path === 'slow.txt') await slowRead;
          return { version: 1, content: `text of ${path}` };
        },
      }),
    );
    const slow = store.getState().openFile('slow.txt');
    await store.getState().openFile('README.md');
    release();
    await slow;
    expect(store.getState().fileView).toMatchObject({ kind: 'text', path: 'README.md', content: 'text of README.md' });
  });
});

/** Lets the store's awaited requests run until `done` holds (each turn of the loop is one microtask hop). */
async function until(done: () => boolean): Promise<void> {
  for (let hop = 0; hop < 100 && !done(); hop++) await Promise.resolve();
  expect(done()).toBe(true);
}
