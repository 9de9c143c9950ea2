/**
 * Streamed pieces recorded together are stored as one row (event-rows.ts), and read back as the
 * very same events: a tab that asks for what it missed after any seq gets exactly those pieces.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ThreadEvent } from '../../lib/protocol/thread-events';
import { openThreadStore } from './prisma-thread-store';
import type { ThreadStore } from './thread-store';

let folder: string;
let databaseFile: string;
let store: ThreadStore;

const text = (seq: number, role: ThreadEvent['role'] = 'assistant'): ThreadEvent => ({
  seq,
  role,
  content: { type: 'text', text: `p${seq} ` },
});
const thought = (seq: number, id: string): ThreadEvent => ({
  seq,
  role: 'assistant',
  content: { type: 'reasonText', id, text: `t${seq} ` },
});
const progress = (seq: number): ThreadEvent => ({ seq, role: 'system', content: { type: 'progress', state: 'running', text: 'Working…' } });

function storedRows(threadId: string): Array<{ seq: number; type: string }> {
  const database = new Database(databaseFile, { readonly: true });
  try {
    return database.prepare('SELECT seq, type FROM "ThreadEvent" WHERE threadId = ? ORDER BY seq').all(threadId) as Array<{
      seq: number;
      type: string;
    }>;
  } finally {
    database.close();
  }
}

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'baton-event-runs-test-'));
  databaseFile = join(folder, 'baton.db');
  store = await openThreadStore({ databaseFile });
});

afterEach(async () => {
  await store.close();
  await rm(folder, { recursive: true, force: true });
});

describe('a batch of streamed pieces', () => {
  const events: ThreadEvent[] = [
    { seq: 1, role: 'user', content: { type: 'text', text: 'hi', contentId: 'c1' } },
    { seq: 2, role: 'user', content: { type: 'text', text: 'again', contentId: 'c2' } },
    progress(3),
    thought(4, 'r1'),
    thought(5, 'r1'),
    thought(6, 'r2'),
    text(7),
    text(8),
    text(9),
    text(10, 'system'),
    text(11),
  ];

  it('is stored a row per run and read back piece by piece, after any seq', async () => {
    const { id } = await store.createThread('runs');
    await store.appendEvents(id, { events });
    expect(storedRows(id)).toEqual([
      { seq: 1, type: 'text' },
      { seq: 2, type: 'text' },
      { seq: 3, type: 'progress' },
      { seq: 4, type: 'run:reasonText' },
      { seq: 6, type: 'reasonText' },
      { seq: 7, type: 'run:text' },
      { seq: 10, type: 'text' },
      { seq: 11, type: 'text' },
    ]);
    for (let afterSeq = 0; afterSeq <= events.length; afterSeq += 1) {
      expect(await store.getEventsAfter(id, afterSeq)).toEqual(events.slice(afterSeq));
    }
    expect(await store.getLastEvent(id, 'reasonText')).toEqual(thought(6, 'r2'));
    await store.appendEvents(id, { events: [text(12), text(13)] });
    expect(await store.getLastEvent(id, 'text')).toEqual(text(13));
    expect(await store.getLastEvent(id)).toEqual(text(13));
    expect(await store.getEventsAfter(id, 12)).toEqual([text(13)]);
  });

  it('keeps each piece in its own message when one batch holds the end of a message and the start of the next', async () => {
    const { id } = await store.createThread('two messages');
    const inMessage = (seq: number, messageId: string): ThreadEvent => ({
      seq,
      role: 'assistant',
      content: { type: 'text', text: `p${seq} `, messageId },
    });
    const batch = [inMessage(1, 'm1'), inMessage(2, 'm1'), inMessage(3, 'm2'), inMessage(4, 'm2'), text(5)];
    await store.appendEvents(id, { events: batch });
    expect(storedRows(id)).toEqual([
      { seq: 1, type: 'run:text' },
      { seq: 3, type: 'run:text' },
      { seq: 5, type: 'text' },
    ]);
    expect(await store.getEventsAfter(id, 0)).toEqual(batch);
  });

  it('is refused whole when a seq is already stored, inside a run or not', async () => {
    const { id } = await store.createThread('taken');
    await store.appendEvents(id, { events: [text(1), text(2), text(3), progress(4), text(5)] });
    await expect(store.appendEvents(id, { events: [text(2), text(3), text(4)] })).rejects.toThrow(/overlap stored ones/);
    await expect(store.appendEvents(id, { events: [text(3)] })).rejects.toThrow(/overlap stored ones/);
    await expect(store.appendEvents(id, { events: [progress(5)] })).rejects.toThrow();
    await expect(store.appendEvents(id, { events: [text(4), text(5), text(6)], entries: [] })).rejects.toThrow();
    await expect(store.appendEvents(id, { events: [text(7), text(3)] })).rejects.toThrow(/in order of seq, but 3 follows 7/);
    expect(await store.getEventsAfter(id, 0)).toEqual([text(1), text(2), text(3), progress(4), text(5)]);
    await store.appendEvents(id, { events: [text(6), text(7)] });
    expect((await store.getEventsAfter(id, 5)).map((event) => event.seq)).toEqual([6, 7]);
  });

  it('says which row is broken when a stored run is not one', async () => {
    const { id } = await store.createThread('broken');
    await store.appendEvents(id, { events: [text(1), text(2)] });
    const database = new Database(databaseFile);
    database.prepare(`UPDATE "ThreadEvent" SET content = '{"content":{"type":"text"},"texts":[3]}' WHERE threadId = ?`).run(id);
    database.close();
    await expect(store.getEventsAfter(id, 0)).rejects.toThrow(`Thread ${id} event 1 is not a valid run of pieces`);
  });
});
