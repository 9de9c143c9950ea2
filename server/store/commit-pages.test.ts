/**
 * What a streamed piece's commit writes on SQLite, counted in pages of the write-ahead log: a
 * model streaming slowly commits each piece alone, so these pages are the disk's cost per piece.
 * The log's frame count is read back with a checkpoint from a connection of the test's own.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import type { ThreadEvent } from '../../lib/protocol/thread-events';
import { openThreadStore } from './prisma-thread-store';
import { createTestDatabase, type TestDatabase } from './testing/databases';
import type { ThreadStore } from './thread-store';

const text = (seq: number): ThreadEvent => ({ seq, role: 'assistant', content: { type: 'text', text: `p${seq} ` } });

let database: TestDatabase;
let store: ThreadStore;
let log: Database.Database;

/** Pages the commits of `write` appended to the log (the log emptied first). */
async function pagesWritten(write: () => Promise<void>): Promise<number> {
  const [emptied] = log.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number; log: number }>;
  expect(emptied).toMatchObject({ busy: 0, log: 0 });
  await write();
  const [after] = log.pragma('wal_checkpoint(PASSIVE)') as Array<{ log: number }>;
  return after!.log;
}

beforeEach(async () => {
  database = await createTestDatabase('sqlite');
  store = await openThreadStore({ database: database.target });
  if (database.target.kind !== 'sqlite') throw new Error('a SQLite file is needed');
  log = new Database(database.target.file);
});

afterEach(async () => {
  log.close();
  await store.close();
  await database.drop();
});

describe('a streamed piece committed alone on SQLite', () => {
  it('writes one page: the row it joins, not the index of event types', async () => {
    const { id } = await store.createThread('pages');
    for (const seq of [1, 2, 3]) await store.appendEvents(id, { events: [text(seq)] });

    expect(await pagesWritten(() => store.appendEvents(id, { events: [text(4)] }))).toBe(1);
    expect(await store.getEventsAfter(id, 0)).toEqual([text(1), text(2), text(3), text(4)]);
  });

  it('starting a row of its own writes two pages: the row and its key, no index of event types', async () => {
    const { id } = await store.createThread('pages');
    const progress: ThreadEvent = { seq: 2, role: 'system', content: { type: 'progress', state: 'running', text: 'Working…' } };
    await store.appendEvents(id, { events: [text(1), progress] });

    expect(await pagesWritten(() => store.appendEvents(id, { events: [text(3)] }))).toBe(2);
    expect(await store.getEventsAfter(id, 0)).toEqual([text(1), progress, text(3)]);
  });
});
