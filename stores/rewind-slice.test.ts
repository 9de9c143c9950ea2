import { describe, expect, it } from 'vitest';
import type { ThreadEntry } from '../lib/protocol/thread-model';
import type { ChatContext } from '../lib/protocol/eca-chat';
import { createBatonStore } from './baton-store';
import { scriptedRelay } from './testing/fake-baton-rpc';

const readme: ChatContext = { type: 'file', path: 'README.md', linesRange: { start: 1, end: 5 } };
const thread: ThreadEntry[] = [
  {
    type: 'message',
    role: 'user',
    chunks: [
      { type: 'text', chunk: 'First ' },
      { type: 'text', chunk: 'request' },
    ],
    contexts: [readme],
  },
  { type: 'message', role: 'assistant', chunks: [{ type: 'text', chunk: 'Done.' }] },
];

function relay(rewind: () => unknown = () => ({ removedEntries: 2, restoredFiles: [], conflicts: [] })) {
  return scriptedRelay({
    getThreadEntries: () => ({ entries: thread, lastSeq: 4, turnRunning: false, firstIndex: 0 }),
    'thread/rewindPreview': () => ({ removedEntries: 2, files: [], conflicts: [] }),
    'thread/rewind': rewind as never,
    globSearch: () => ({ matches: [] }),
  });
}

describe('a rewind gives the rewound message back', () => {
  it('holds its text for the composer and puts its contexts among the chips', async () => {
    const store = createBatonStore(relay());
    await store.getState().selectThread('thread-1');
    await store.getState().askRewind(0);
    expect(await store.getState().confirmRewind()).toBe(true);
    const rewound = store.getState().rewoundPrompt;
    expect(rewound).toMatchObject({ threadId: 'thread-1', text: 'First request' });
    expect(store.getState().promptContexts).toEqual([readme]);

    store.getState().takeRewoundPrompt(rewound!.id);
    expect(store.getState().rewoundPrompt).toBeNull();
  });

  it('gives nothing back when the rewind fails: the message is still in the thread', async () => {
    const store = createBatonStore(relay(() => Promise.reject(new Error('busy'))));
    await store.getState().selectThread('thread-1');
    await store.getState().askRewind(0);
    expect(await store.getState().confirmRewind()).toBe(false);
    expect(store.getState().rewoundPrompt).toBeNull();
    expect(store.getState().promptContexts).toEqual([]);
    expect(store.getState().lastError).toContain('busy');
  });
});

describe('a rewind confirmation belongs to its thread', () => {
  it('closes when the user opens another thread, and then rewinds nothing', async () => {
    const rewound: string[] = [];
    const store = createBatonStore(
      relay(() => {
        rewound.push('rewind');
        return { removedEntries: 2, restoredFiles: [], conflicts: [] };
      }),
    );
    await store.getState().selectThread('thread-b');
    await store.getState().askRewind(0);
    expect(store.getState().pendingRewind).toMatchObject({ threadId: 'thread-b' });

    await store.getState().selectThread('thread-a');
    expect(store.getState().pendingRewind).toBeNull();
    expect(await store.getState().confirmRewind()).toBe(false);
    expect(rewound).toEqual([]);
  });

  it('is not shown when its preview arrives after the user left the thread', async () => {
    let answerPreview: (value: unknown) => void = () => {};
    const store = createBatonStore(
      scriptedRelay({
        getThreadEntries: () => ({ entries: thread, lastSeq: 4, turnRunning: false, firstIndex: 0 }),
        'thread/rewindPreview': () =>
          new Promise((resolve) => {
            answerPreview = resolve;
          }) as never,
        globSearch: () => ({ matches: [] }),
      }),
    );
    await store.getState().selectThread('thread-b');
    const asking = store.getState().askRewind(0);
    await store.getState().selectThread('thread-a');
    answerPreview({ removedEntries: 2, files: [], conflicts: [] });
    await asking;
    expect(store.getState().pendingRewind).toBeNull();
  });
});
