/**
 * Pieces committed one batch at a time, as a model streams them slowly, join the row of the
 * pieces before them (event-rows.ts joinRun): one row rewritten per commit, not one added, and the
 * same events read back.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ThreadEvent } from '../../lib/protocol/thread-events';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaClient } from './generated/client';
import { connectPostgres } from './postgres-connection';
import { openThreadStore } from './prisma-thread-store';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './testing/databases';
import type { ThreadStore } from './thread-store';

const text = (seq: number): ThreadEvent => ({ seq, role: 'assistant', content: { type: 'text', text: `p${seq} ` } });
const progress = (seq: number): ThreadEvent => ({ seq, role: 'system', content: { type: 'progress', state: 'running', text: 'Working…' } });

let database: TestDatabase;
let store: ThreadStore;
let raw: PrismaClient;

const storedRows = (threadId: string) =>
  raw.threadEvent.findMany({ where: { threadId }, select: { seq: true, type: true, content: true }, orderBy: { seq: 'asc' } });

afterEach(async () => {
  await store.close();
  await raw.$disconnect();
  await database.drop();
});

describe.each(DATABASE_KINDS)('pieces committed one by one on %s', (kind) => {
  beforeEach(async () => {
    database = await createTestDatabase(kind);
    store = await openThreadStore({ database: database.target });
    const { target } = database;
    raw =
      target.kind === 'sqlite'
        ? new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: target.file }) })
        : await connectPostgres(target.url);
  });

  it('join the row before them while it is small, and read back piece by piece after any seq', async () => {
    const { id } = await store.createThread('joins');
    const events = [progress(1), ...Array.from({ length: 300 }, (_unused, index) => text(index + 2))];
    await store.appendEvents(id, { events: [events[0]!] });
    for (const event of events.slice(1)) await store.appendEvents(id, { events: [event] });

    const rows = await storedRows(id);
    expect(rows[0]).toMatchObject({ seq: 1, type: 'progress' });
    expect(rows.slice(1).every((row) => row.type === 'run:text')).toBe(true);
    // Several rows of many pieces each: each row grew until it was about to pass its bound.
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.length).toBeLessThan(events.length / 20);
    expect(Math.max(...rows.map((row) => row.content.length))).toBeLessThanOrEqual(1_500);
    for (let afterSeq = 0; afterSeq <= events.length; afterSeq += 1) {
      expect(await store.getEventsAfter(id, afterSeq)).toEqual(events.slice(afterSeq));
    }
    expect(await store.getLastEvent(id, 'text')).toEqual(events.at(-1));
    await expect(store.appendEvents(id, { events: [text(301)] })).rejects.toThrow(/overlap stored ones/);
  });

  it('never join a row another writer changed or wrote after, and an overlap is still refused whole', async () => {
    const { id } = await store.createThread('changed');
    for (const seq of [1, 2, 3]) await store.appendEvents(id, { events: [text(seq)] });
    await raw.threadEvent.create({
      data: { threadId: id, seq: 4, role: 'system', type: 'progress', content: JSON.stringify(progress(4).content) },
    });

    await expect(store.appendEvents(id, { events: [text(4)] })).rejects.toThrow(/overlap stored ones/);
    await store.appendEvents(id, { events: [text(5)] });
    await raw.threadEvent.updateMany({
      where: { threadId: id, seq: 5 },
      data: { content: JSON.stringify({ type: 'text', text: 'edited ' }) },
    });
    await store.appendEvents(id, { events: [text(6)] });

    expect((await storedRows(id)).map((row) => [row.seq, row.type])).toEqual([
      [1, 'run:text'],
      [4, 'progress'],
      [5, 'text'],
      [6, 'text'],
    ]);
    expect(await store.getEventsAfter(id, 0)).toEqual([
      text(1),
      text(2),
      text(3),
      progress(4),
      { seq: 5, role: 'assistant', content: { type: 'text', text: 'edited ' } },
      text(6),
    ]);
  });
});
