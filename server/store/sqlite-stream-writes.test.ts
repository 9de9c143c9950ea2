/**
 * A streaming answer's batches, written by prepared statements on Prisma's own SQLite connection
 * (sqlite-stream-writes.ts), read back through Prisma as if Prisma had written them, and refused
 * as event-insert.ts refuses them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ThreadEvent } from '../../lib/protocol/thread-events';
import type { ThreadEntry } from '../../lib/protocol/thread-model';
import { encodeEntry } from './entry-rows';
import { encodeEvents } from './event-rows';
import { openThreadStore } from './prisma-thread-store';
import { openSqlite, type SqliteConnection } from './sqlite-connection';
import { SqliteStreamWrites } from './sqlite-stream-writes';
import { searchRowsJson } from './thread-search';
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

describe('an entry write', () => {
  const answer = (text: string): ThreadEntry => ({ type: 'message', role: 'assistant', chunks: [{ type: 'text', chunk: text }] });
  const growing = (id: string, entries: Array<{ seq: number; entry: ThreadEntry }>, events: ThreadEvent[], modifiedAt: Date) => ({
    modifiedAt,
    liveFrom: 2,
    lastMessageStart: 'An answer',
    lastSeq: events.at(-1)?.seq,
    events: encodeEvents(id, events),
    entries: entries.map((write) => encodeEntry(id, write)),
    createdAt: modifiedAt,
  });

  it('stores the thread columns, the events and the entry rows that Prisma reads back', async () => {
    const { id } = await store.createThread('growing');
    await store.saveEntries(id, [{ seq: 0, entry: { type: 'message', role: 'user', chunks: [{ type: 'text', chunk: 'Ask' }] } }]);
    const modifiedAt = new Date(Date.now() + 60_000);
    const writtenFrom = Date.now();
    writes.writeEntries(id, growing(id, [{ seq: 1, entry: answer('An answer') }], [text(1), text(2)], modifiedAt));
    // The same entry again, longer: the row is replaced, not added.
    writes.writeEntries(id, growing(id, [{ seq: 1, entry: answer('An answer, longer') }], [text(3)], modifiedAt));

    const stored = await store.loadEntries(id);
    expect(stored.seq).toBe(3);
    expect(stored.entries.at(-1)).toEqual(answer('An answer, longer'));
    expect(await store.getEventsAfter(id, 0)).toEqual([text(1), text(2), text(3)]);
    const thread = await connection.prisma.thread.findUniqueOrThrow({ where: { id } });
    expect(thread).toMatchObject({ modifiedAt, liveFrom: 2, lastMessageStart: 'An answer', entriesSeq: 3 });
    const rows = await connection.prisma.threadEntry.findMany({ where: { threadId: id, seq: 1 }, select: { updatedAt: true } });
    const writtenUntil = Date.now();
    expect(rows.map((row) => row.updatedAt.getTime() >= writtenFrom && row.updatedAt.getTime() <= writtenUntil)).toEqual([true]);
  });

  it('leaves a stored start and entry seq as they are when the batch has none to give', async () => {
    const { id } = await store.createThread('keep');
    writes.writeEntries(id, growing(id, [{ seq: 0, entry: answer('First') }], [text(1)], new Date()));
    writes.writeEntries(id, { ...growing(id, [{ seq: 1, entry: answer('') }], [], new Date()), lastMessageStart: undefined });
    const thread = await connection.prisma.thread.findUniqueOrThrow({ where: { id } });
    expect(thread).toMatchObject({ lastMessageStart: 'An answer', entriesSeq: 1 });
  });

  it('stores nothing of a write whose events overlap stored ones, or whose thread is gone', async () => {
    const { id } = await store.createThread('overlap');
    writes.insert(id, encodeEvents(id, [text(1), text(2)]), 2, new Date());
    const before = await connection.prisma.thread.findUniqueOrThrow({ where: { id } });
    const overlapping = growing(id, [{ seq: 0, entry: answer('p1 p2 p3') }], [text(2), text(3)], new Date(Date.now() + 60_000));
    expect(() => writes.writeEntries(id, overlapping)).toThrow(/overlap stored ones; none was stored/);
    expect(await connection.prisma.thread.findUniqueOrThrow({ where: { id } })).toEqual(before);
    expect(await store.getEntries(id)).toEqual([]);
    expect(await store.getEventsAfter(id, 0)).toEqual([text(1), text(2)]);

    expect(() => writes.writeEntries('no-such-thread', growing('no-such-thread', [], [text(1)], new Date()))).toThrow(
      /Cannot save entries of thread no-such-thread: no such thread/,
    );
    expect(await connection.prisma.threadEvent.count({ where: { threadId: 'no-such-thread' } })).toBe(0);
  });

  it('ends a growth with the facts its events change and the search text a search finds', async () => {
    const { id } = await store.createThread('ended');
    const usage: ThreadEvent = {
      seq: 2,
      role: 'assistant',
      content: { type: 'usage', sessionTokens: 1_500, messageInputTokens: 1_000, messageOutputTokens: 500, lastMessageCost: '$0.25' },
    };
    const entries = [{ seq: 0, entry: answer('A pelican answer') }];
    const ended = { ...growing(id, entries, [text(1), usage], new Date()), factEvents: [usage], searchRows: searchRowsJson(entries) };
    writes.writeEntries(id, ended);

    expect(await store.getThreadDetails(id)).toMatchObject({ totalTokens: 1_500, totalCost: 0.25 });
    const found = await store.listThreads({ query: 'pelican' });
    expect(found.threads.map((thread) => [thread.id, thread.match?.seq])).toEqual([[id, 0]]);
  });
});
