/**
 * A thread opens from its tail: the recorder loads the last entries and those that can still
 * change, not every row, and still shows the whole thread, each page and each live change as if it
 * held every entry.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ThreadEntry } from '../../lib/protocol/thread-model';
import type { ChatContentInput } from '../../lib/protocol/eca-chat';
import { openThreadStore } from '../store/prisma-thread-store';
import type { StoredTail, ThreadStore } from '../store/thread-store';
import { ThreadRecorder } from './thread-recorder';
import { TAIL_ENTRIES } from './thread-tail';

const message = (index: number): ThreadEntry => ({
  type: 'message',
  role: index % 2 ? 'assistant' : 'user',
  chunks: [{ type: 'text', chunk: `entry ${index}` }],
});
const runningCall: ThreadEntry = { type: 'toolCall', id: 'call-1', name: 'shell', server: 'builtin', origin: 'native', status: 'running' };
const texts = (entries: readonly ThreadEntry[]) => entries.map((entry) => (entry.type === 'message' ? entry.chunks[0]?.chunk : entry.type));
const called: ChatContentInput = {
  type: 'toolCalled',
  origin: 'native',
  id: 'call-1',
  name: 'shell',
  server: 'builtin',
  arguments: {},
  error: false,
  outputs: [{ type: 'text', text: 'ok' }],
};

let folder: string;
let store: ThreadStore;
let tails: StoredTail[];

/** The real store, noting each tail a load reads. */
function notingStore(inner: ThreadStore): ThreadStore {
  const loadTail = async (threadId: string, size: number) => {
    const tail = await inner.loadTail(threadId, size);
    tails.push(tail);
    return tail;
  };
  return new Proxy(inner, {
    get(target, key) {
      if (key === 'loadTail') return loadTail;
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** A thread of `count` entries, `liveFrom` as the recorder would have written it (absent: unknown). */
async function threadOf(entries: ThreadEntry[], liveFrom?: number): Promise<string> {
  const { id } = await store.createThread('long');
  await store.appendEvents(id, { events: [], entries: entries.map((entry, seq) => ({ seq, entry })), liveFrom });
  return id;
}

const load = (threadId: string) => ThreadRecorder.load(threadId, notingStore(store), () => undefined);

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'baton-tail-test-'));
  store = await openThreadStore({ databaseFile: path.join(folder, 'baton.db') });
  tails = [];
});

afterEach(async () => {
  await store.close();
  await rm(folder, { recursive: true, force: true });
});

describe('opening a long thread', () => {
  const long = Array.from({ length: 1_000 }, (_, index) => message(index));

  it('reads only its last entries, and still answers the first page, the whole thread and each older page', async () => {
    const threadId = await threadOf(long, long.length);
    const recorder = await load(threadId);
    expect(tails[0]?.entries).toHaveLength(TAIL_ENTRIES);
    expect(tails[0]?.firstIndex).toBe(long.length - TAIL_ENTRIES);

    const firstPage = await recorder.snapshot(60);
    expect(firstPage.firstIndex).toBe(940);
    expect(texts(firstPage.entries)).toEqual(texts(long.slice(940)));
    const bigPage = await recorder.snapshot(250);
    expect(bigPage.firstIndex).toBe(750);
    expect(texts(bigPage.entries)).toEqual(texts(long.slice(750)));
    const whole = await recorder.snapshot();
    expect(whole.firstIndex).toBeUndefined();
    expect(whole.entries).toEqual(long);
  });

  it('reaches back to a tool call still under way, and a later result lands on that very call', async () => {
    const entries = [...long.slice(0, 10), runningCall, ...long.slice(10)];
    const threadId = await threadOf(entries, 10);
    const recorder = await load(threadId);
    expect(tails[0]?.firstIndex).toBe(10);
    expect((await recorder.snapshot(5)).firstIndex).toBe(10);

    await recorder.record('assistant', called);
    const whole = (await recorder.snapshot()).entries;
    expect(whole).toHaveLength(entries.length);
    expect(whole[10]).toMatchObject({ type: 'toolCall', id: 'call-1', status: 'succeeded', outputText: 'ok' });
    // Nothing can change any more: the next open reads the last entries only.
    tails = [];
    await load(threadId);
    expect(tails[0]?.firstIndex).toBe(entries.length - TAIL_ENTRIES);
  });

  it('finds a call still under way from the rows when the thread never said where its live part begins', async () => {
    const threadId = await threadOf([...long.slice(0, 10), runningCall, ...long.slice(10)]);
    await load(threadId);
    expect(tails[0]?.firstIndex).toBe(10);
  });

  it('opens an empty thread', async () => {
    const { id } = await store.createThread('empty');
    const recorder = await load(id);
    expect(await recorder.snapshot(60)).toEqual({ entries: [], lastSeq: 0, firstIndex: 0 });
  });
});

describe('a thread growing past its tail', () => {
  it('lets go of final entries in memory, and what it answers matches the store', async () => {
    const { id } = await store.createThread('growing');
    const recorder = await load(id);
    for (let index = 0; index < 3 * TAIL_ENTRIES; index += 1) {
      await recorder.record(index % 2 ? 'assistant' : 'user', { type: 'url', title: `link ${index}`, url: `https://example.com/${index}` });
    }
    expect((await recorder.settled()).length).toBeLessThan(2 * TAIL_ENTRIES);
    const stored = await store.getEntries(id);
    expect(stored).toHaveLength(3 * TAIL_ENTRIES);
    expect((await recorder.snapshot()).entries).toEqual(stored);
    expect((await recorder.snapshot(150)).entries).toEqual(stored.slice(-150));
    expect(await recorder.history()).toEqual(stored);
  });
});
