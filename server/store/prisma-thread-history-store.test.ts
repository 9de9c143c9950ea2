/**
 * Rewind and fork in the store itself, on both databases: what a thread holds afterwards, and what
 * a search finds in it (server/rewind/*.test.ts drive the same edits through the hub).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ThreadEntry } from '../../lib/protocol/thread-model';
import { ChatContentSchema } from '../../lib/protocol/eca-chat';
import type { ThreadEvent } from '../../lib/protocol/thread-events';
import { openThreadStore } from './prisma-thread-store';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './testing/databases';
import type { ThreadStore } from './thread-store';

const message = (role: 'user' | 'assistant', text: string): ThreadEntry => ({
  type: 'message',
  role,
  chunks: [{ type: 'text', chunk: text }],
});
const textEvent = (seq: number, role: 'user' | 'assistant', text: string): ThreadEvent => ({
  seq,
  role,
  content: ChatContentSchema.parse({ type: 'text', text }),
});
const rewound = (seq: number, toEntry: number): ThreadEvent => ({
  seq,
  role: 'system',
  content: ChatContentSchema.parse({ type: 'threadRewound', toEntry }),
});

const TEXTS = ['ask about walruses', 'walruses have tusks', 'and narwhals', 'narwhals have one tusk'];

describe.each(DATABASE_KINDS)('rewind and fork in the store on %s', (kind) => {
  let database: TestDatabase;
  let store: ThreadStore;

  beforeEach(async () => {
    database = await createTestDatabase(kind);
    store = await openThreadStore({ database: database.target });
  });

  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  /** A thread of four entries, each from its own event. */
  async function fourEntries(title: string): Promise<string> {
    const { id } = await store.createThread(title);
    for (const [seq, text] of TEXTS.entries()) {
      const role = seq % 2 === 0 ? 'user' : 'assistant';
      await store.appendEvent(id, textEvent(seq + 1, role, text), [{ seq, entry: message(role, text) }]);
    }
    return id;
  }

  const found = async (query: string) => (await store.listThreads({ query })).threads.map((thread) => thread.title);

  it('a rewind removes the later entries and events, and a search no longer finds their text', async () => {
    const id = await fourEntries('Sea mammals');
    expect(await found('narwhals')).toEqual(['Sea mammals']);
    expect(await store.history.countUserMessageEvents(id)).toBe(2);

    await store.history.rewindThread(id, { keepEntries: 2, firstRemovedEvent: 3, marker: rewound(5, 2), entries: [] });

    expect(await store.getEntries(id)).toEqual([message('user', TEXTS[0]!), message('assistant', TEXTS[1]!)]);
    expect(await store.history.countUserMessageEvents(id)).toBe(1);
    expect(await found('narwhals')).toEqual([]);
    expect(await found('walruses')).toEqual(['Sea mammals']);
    expect(await found('sea')).toEqual(['Sea mammals']);
  });

  const lastMessageStartOf = async (threadId: string) => (await store.getThread(threadId))?.lastMessageStart;

  it("the thread list's last message follows a rewind and a fork: the last one kept", async () => {
    const id = await fourEntries('Sea mammals');
    expect(await lastMessageStartOf(id)).toBe(TEXTS[3]);
    const fork = await store.history.forkThread({
      source: id,
      title: 'Sea mammals (fork)',
      agent: 'builtin',
      entries: [message('user', TEXTS[0]!)],
      eventsBefore: 2,
    });
    expect(fork.lastMessageStart).toBe(TEXTS[0]);
    expect(await lastMessageStartOf(fork.id)).toBe(TEXTS[0]);

    await store.history.rewindThread(id, { keepEntries: 2, firstRemovedEvent: 3, marker: rewound(5, 2), entries: [] });
    expect(await lastMessageStartOf(id)).toBe(TEXTS[1]);
    await store.history.rewindThread(id, { keepEntries: 0, firstRemovedEvent: 1, marker: rewound(6, 0), entries: [] });
    expect(await lastMessageStartOf(id)).toBeUndefined();
  });

  it('a rewind rewrites the kept entries it is given, and a search finds their new text', async () => {
    const id = await fourEntries('Sea mammals');
    const finished = message('assistant', 'walruses have tusks and whiskers');
    await store.history.rewindThread(id, {
      keepEntries: 2,
      firstRemovedEvent: 3,
      marker: rewound(5, 2),
      entries: [{ seq: 1, entry: finished }],
    });
    expect((await store.getEntries(id))[1]).toEqual(finished);
    expect(await found('whiskers')).toEqual(['Sea mammals']);
  });

  it('a fork holds the first entries and is found by its title and by them, not by the rest', async () => {
    const source = await fourEntries('Sea mammals');
    const kept = [message('user', TEXTS[0]!), message('assistant', TEXTS[1]!)];
    const fork = await store.history.forkThread({ source, title: 'Sea mammals (fork)', agent: 'builtin', entries: kept, eventsBefore: 3 });

    expect(await store.getEntries(fork.id)).toEqual(kept);
    expect((await store.getEventsAfter(fork.id, 0)).map((event) => event.seq)).toEqual([1, 2]);
    expect(await found('fork')).toEqual(['Sea mammals (fork)']);
    expect(new Set(await found('walruses'))).toEqual(new Set(['Sea mammals', 'Sea mammals (fork)']));
    expect(await found('narwhals')).toEqual(['Sea mammals']);
  });

  it("a fork's header facts are its kept turns': the model prompted and their tokens, not the later turns'", async () => {
    const { id: source } = await store.createThread('Priced');
    const prompt = (seq: number, text: string, model: string): ThreadEvent => ({
      seq,
      role: 'user',
      content: ChatContentSchema.parse({ type: 'text', text, model }),
    });
    const usage = (seq: number, tokens: number): ThreadEvent => ({
      seq,
      role: 'system',
      content: ChatContentSchema.parse({
        type: 'usage',
        sessionTokens: tokens,
        messageInputTokens: tokens - 10,
        messageOutputTokens: 10,
        lastMessageCost: '$0.5',
      }),
    });
    await store.appendEvent(source, prompt(1, TEXTS[0]!, 'model-a'), [{ seq: 0, entry: message('user', TEXTS[0]!) }]);
    await store.appendEvent(source, usage(2, 100), []);
    await store.appendEvent(source, prompt(3, TEXTS[2]!, 'model-b'), [{ seq: 1, entry: message('user', TEXTS[2]!) }]);
    await store.appendEvent(source, usage(4, 300), []);

    const fork = await store.history.forkThread({
      source,
      title: 'Priced (fork)',
      agent: 'builtin',
      entries: [message('user', TEXTS[0]!)],
      eventsBefore: 3,
    });
    expect(await store.getThreadDetails(fork.id)).toMatchObject({ model: 'model-a', totalTokens: 100, totalCost: 0.5 });
    expect(await store.getThreadDetails(source)).toMatchObject({ model: 'model-b', totalTokens: 400, totalCost: 1 });
  });

  it('a fork of an unknown source holds no events, and a rewind of an unknown thread is refused', async () => {
    const fork = await store.history.forkThread({
      source: 'no-such-thread',
      title: 'Empty',
      agent: 'builtin',
      entries: [],
      eventsBefore: 10,
    });
    expect(await store.getEventsAfter(fork.id, 0)).toEqual([]);
    await expect(
      store.history.rewindThread('no-such-thread', { keepEntries: 0, firstRemovedEvent: 1, marker: rewound(1, 0), entries: [] }),
    ).rejects.toThrow(/no such thread/);
  });

  it('keeps the file changes a rewind leaves and a fork copies, newest first', async () => {
    const id = await fourEntries('Files');
    await store.history.recordFileChange({ threadId: id, position: 1, path: 'a.txt', existed: false, kept: true, afterHash: 'h1' });
    await store.history.recordFileChange({ threadId: id, position: 3, path: 'b.txt', existed: true, before: 'old', kept: true });
    expect((await store.history.fileChangesAfter(id, 0)).map((change) => change.path)).toEqual(['b.txt', 'a.txt']);

    const fork = await store.history.forkThread({
      source: id,
      title: 'Files (fork)',
      agent: 'builtin',
      entries: [message('user', TEXTS[0]!)],
      eventsBefore: 2,
    });
    expect(await store.history.fileChangesAfter(fork.id, 0)).toMatchObject([{ path: 'a.txt', existed: false, afterHash: 'h1' }]);

    await store.history.rewindThread(id, { keepEntries: 2, firstRemovedEvent: 3, marker: rewound(5, 2), entries: [] });
    expect((await store.history.fileChangesAfter(id, 0)).map((change) => change.path)).toEqual(['a.txt']);
  });
});
