/**
 * A streaming answer's batches, written by prepared statements on Prisma's own SQLite connection
 * (sqlite-stream-writes.ts), read back through Prisma as if Prisma had written them, and refused
 * as event-insert.ts refuses them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ThreadEvent } from '../../lib/protocol/thread-events';
import { encodeEvents } from './event-rows';
import { openThreadStore } from './prisma-thread-store';
import { openSqlite, type SqliteConnection } from './sqlite-connection';
import { SqliteStreamWrites } from './sqlite-stream-writes';
import type { ThreadStore } from './thread-store';

let folder: string;
let store: ThreadStore;
let connection: SqliteConnection;
let writes: SqliteStreamWrites;

const text = (seq: number): ThreadEvent => ({ seq, role: 'assistant', content: { type: 'text', text: `p${seq} ` } });
const progress = (seq: number): ThreadEvent => ({ seq, role: 'system', content: { type: 'progress', state: 'running', text: 'Working…' } });

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'baton-stream-writes-test-'));
  const databaseFile = join(folder, 'baton.db');
  // The store makes the file and its tables; a second connection writes beside it, as the store's own would.
  store = await openThreadStore({ databaseFile });
  connection = await openSqlite(databaseFile);
  if (connection.driver === undefined) throw new Error("the adapter's better-sqlite3 connection could not be reached");
  writes = new SqliteStreamWrites(connection.driver);
});

afterEach(async () => {
  await connection.prisma.$disconnect();
  await store.close();
  await rm(folder, { recursive: true, force: true });
});

it('writes rows that read back as the same events, with a creation time Prisma reads', async () => {
  const { id } = await store.createThread('stream');
  const events = [progress(1), text(2), text(3), text(4)];
  const rows = encodeEvents(id, events);
  const before = Date.now();
  expect(writes.insert(id, rows, 4, new Date(before))).toBe(rows.length);
  // A batch of one row, as a fast stream's run of pieces is.
  const run = encodeEvents(id, [text(5), text(6)]);
  expect(run).toHaveLength(1);
  expect(writes.insert(id, run, 6, new Date(before))).toBe(1);

  expect(await store.getEventsAfter(id, 0)).toEqual([...events, text(5), text(6)]);
  const stored = await connection.prisma.threadEvent.findMany({ where: { threadId: id }, select: { createdAt: true } });
  expect(stored.map((row) => row.createdAt.getTime())).toEqual(stored.map(() => before));
});

it('refuses a batch that starts inside a stored run, a row of one or many, and inserts none of it', async () => {
  const { id } = await store.createThread('overlap');
  expect(writes.insert(id, encodeEvents(id, [text(1), text(2), text(3)]), 3, new Date())).toBe(1);
  expect(writes.insert(id, encodeEvents(id, [text(2)]), 2, new Date())).toBe(0);
  expect(writes.insert(id, encodeEvents(id, [text(3), progress(4)]), 4, new Date())).toBe(0);
  expect(await store.getEventsAfter(id, 0)).toEqual([text(1), text(2), text(3)]);
});

it('joins pieces to the stored row only while it is stored as remembered and is the last', async () => {
  const { id } = await store.createThread('join');
  const [single] = encodeEvents(id, [text(1)]);
  writes.insert(id, [single!], 1, new Date());
  const [joined] = encodeEvents(id, [text(1), text(2)]);
  expect(writes.join(id, single!, joined!)).toBe(1);
  // The row is no longer what was remembered: nothing is rewritten.
  expect(writes.join(id, single!, joined!)).toBe(0);
  writes.insert(id, encodeEvents(id, [progress(3)]), 3, new Date());
  const [longer] = encodeEvents(id, [text(1), text(2), text(3)]);
  expect(writes.join(id, joined!, longer!)).toBe(0);
  expect(await store.getEventsAfter(id, 0)).toEqual([text(1), text(2), progress(3)]);
});

it('says when another write holds a transaction open on the connection, whose fate a statement run now would share', async () => {
  const { id } = await store.createThread('open transaction');
  expect(writes.insideOpenTransaction).toBe(false);
  const seen = await connection.prisma
    .$transaction(async (transaction) => {
      await transaction.$executeRaw`UPDATE "Thread" SET "title" = 'renamed' WHERE "id" = ${id}`;
      const inside = writes.insideOpenTransaction;
      throw Object.assign(new Error('rolled back'), { inside });
    })
    .catch((error: { inside?: boolean }) => error.inside);
  expect(seen).toBe(true);
  expect(writes.insideOpenTransaction).toBe(false);
});
