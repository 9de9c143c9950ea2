/**
 * The ThreadStore on Prisma with a SQLite file. Entries and events are kept as JSON and parsed
 * back with the protocol schemas (entry-rows.ts, event-rows.ts).
 */
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import type { ThreadEntry, ThreadMetadata } from '../../lib/protocol/acp-threads';
import { PrismaClient } from './generated/client';
import { applyMigrations } from './migrate';
import type {
  EntriesPage,
  EntryWrite,
  EventBatch,
  StoredEntries,
  StoredTail,
  ThreadPage,
  ThreadPageRequest,
  ThreadRecord,
  ThreadStore,
} from './thread-store';
import type { ThreadEvent } from '../../lib/protocol/thread-events';
import { decodeEntry, encodeEntry } from './entry-rows';
import { decodeEvents, encodeEvents, isRunType } from './event-rows';
import { writeWithPatience } from './store-failure';
import { afterKey, decodeCursor, encodeCursor, MAX_THREAD_PAGE, THREAD_LIST_ORDER } from './thread-list-page';

/**
 * How long SQLite itself waits for another connection's lock before SQLITE_BUSY. better-sqlite3
 * waits on the event loop's thread, so this is kept short; writes wait longer, off the event
 * loop, in store-failure.ts.
 */
export const BUSY_TIMEOUT_MS = 100;

/**
 * Per-connection settings, each read back after it is set, because SQLite ignores what it
 * cannot do (a network filesystem, for one, silently keeps journal_mode=delete).
 * - WAL lets readers (another tab's history load) run while the recorder writes.
 * - busy_timeout: short (see BUSY_TIMEOUT_MS); better-sqlite3's own default, 5000, would stall
 *   every tab for 5 s at each locked write.
 * - synchronous=NORMAL is safe with WAL: a commit can be lost only on power failure or an OS
 *   crash, never corrupt the database, and a crash of the relay itself loses nothing; FULL would
 *   add an fsync to every streamed entry. https://www.sqlite.org/pragma.html#pragma_synchronous
 *   The connection that first switches a file to WAL would otherwise stay at FULL.
 * - foreign_keys: the schema's onDelete: Cascade and the entry-to-thread reference depend on it;
 *   better-sqlite3 is built with it on, another SQLite build may not be.
 */
const PRAGMAS = [
  { name: 'journal_mode', value: 'WAL', expected: 'wal' },
  { name: 'busy_timeout', value: String(BUSY_TIMEOUT_MS), expected: String(BUSY_TIMEOUT_MS) },
  { name: 'synchronous', value: 'NORMAL', expected: '1' },
  { name: 'foreign_keys', value: 'ON', expected: '1' },
] as const;

/**
 * Reads a pragma as a string: SQLite answers one row of one column, a number or a word.
 * `name` goes into the SQL as is: pass a constant, never input.
 */
export async function readPragma(prisma: PrismaClient, name: string): Promise<string> {
  const rows = await prisma.$queryRawUnsafe<Record<string, unknown>[]>(`PRAGMA ${name}`);
  const value = rows[0] === undefined ? undefined : Object.values(rows[0])[0];
  return String(value).toLowerCase();
}

async function configureConnection(prisma: PrismaClient, databaseFile: string): Promise<void> {
  for (const pragma of PRAGMAS) {
    await prisma.$queryRawUnsafe(`PRAGMA ${pragma.name} = ${pragma.value}`);
    const actual = await readPragma(prisma, pragma.name);
    if (actual !== pragma.expected) {
      throw new Error(
        `SQLite refused PRAGMA ${pragma.name} = ${pragma.value} on ${databaseFile} (it is ${actual})`,
      );
    }
  }
}

/**
 * Timestamps that never repeat or go back within this process: two changes in the same
 * millisecond would otherwise tie, and the thread list would not follow the order of changes.
 */
function monotonicClock(): () => Date {
  let last = 0;
  return () => {
    last = Math.max(Date.now(), last + 1);
    return new Date(last);
  };
}

/**
 * Where the entries that can still change begin, found from the rows (lib/thread/live-entries.ts
 * says which: a tool call or thought still under way), for a thread whose liveFrom is not known.
 * Reads every tool call and thought of the thread once; the recorder's next write records it.
 */
async function firstLiveRow(client: Pick<PrismaClient, '$queryRaw'>, threadId: string): Promise<number | null> {
  const [row] = await client.$queryRaw<Array<{ first: number | bigint | null }>>`SELECT MIN("seq") AS first FROM "ThreadEntry"
    WHERE "threadId" = ${threadId} AND (("type" = 'toolCall' AND "data" ->> '$.status' IN ('preparing', 'waiting-approval', 'running'))
      OR ("type" = 'reasoning' AND "data" ->> '$.status' = 'thinking'))`;
  return row?.first === null || row?.first === undefined ? null : Number(row.first);
}

const toMetadata = (row: { id: string; title: string; modifiedAt: Date; agent: string }): ThreadMetadata => ({
  id: row.id,
  title: row.title,
  modifiedAt: row.modifiedAt.toISOString(),
  agent: row.agent,
});

const metadataColumns = { id: true, title: true, modifiedAt: true, agent: true } as const;
const eventColumns = { seq: true, role: true, type: true, content: true } as const;

class PrismaThreadStore implements ThreadStore {
  readonly #prisma: PrismaClient;
  readonly #now = monotonicClock();

  constructor(prisma: PrismaClient) {
    this.#prisma = prisma;
  }

  async listThreads(page: ThreadPageRequest = {}): Promise<ThreadPage> {
    const limit = page.limit === undefined ? undefined : Math.min(Math.max(1, page.limit), MAX_THREAD_PAGE);
    const rows = await this.#prisma.thread.findMany({
      select: metadataColumns,
      where: page.cursor === undefined ? {} : afterKey(decodeCursor(page.cursor)),
      orderBy: THREAD_LIST_ORDER,
      // One more than asked tells whether there is a next page.
      ...(limit === undefined ? {} : { take: limit + 1 }),
    });
    const threads = limit === undefined ? rows : rows.slice(0, limit);
    const last = threads.at(-1);
    const hasMore = limit !== undefined && rows.length > limit && last !== undefined;
    return { threads: threads.map(toMetadata), ...(hasMore ? { nextCursor: encodeCursor(last) } : {}) };
  }

  async createThread(title: string, agent?: string): Promise<ThreadMetadata> {
    const now = this.#now();
    const row = await this.#prisma.thread.create({
      data: { title, agent, createdAt: now, modifiedAt: now },
      select: metadataColumns,
    });
    return toMetadata(row);
  }

  async getThread(threadId: string): Promise<ThreadRecord | null> {
    const row = await this.#prisma.thread.findUnique({
      where: { id: threadId },
      select: { ...metadataColumns, agentSessionId: true },
    });
    return row === null ? null : { ...toMetadata(row), agent: row.agent, agentSessionId: row.agentSessionId ?? undefined };
  }

  async setThreadAgent(threadId: string, agent: string): Promise<void> {
    const { count } = await this.#prisma.thread.updateMany({
      where: { id: threadId },
      data: { agent, agentSessionId: null, modifiedAt: this.#now() },
    });
    if (count === 0) throw new Error(`Cannot hand over thread ${threadId}: no such thread`);
  }

  async saveAgentSession(threadId: string, agentSessionId: string | null): Promise<void> {
    await this.#prisma.thread.updateMany({ where: { id: threadId }, data: { agentSessionId } });
  }

  /** A rename is a change to the thread, so it moves the thread to the top of the list. */
  async renameThread(threadId: string, title: string): Promise<void> {
    const { count } = await this.#prisma.thread.updateMany({
      where: { id: threadId },
      data: { title, modifiedAt: this.#now() },
    });
    if (count === 0) throw new Error(`Cannot rename thread ${threadId}: no such thread`);
  }

  async getEntries(threadId: string): Promise<ThreadEntry[]> {
    return (await this.loadEntries(threadId)).entries;
  }

  async loadEntries(threadId: string): Promise<StoredEntries> {
    // Read in one transaction, so the seq is the one these very rows stand at.
    const [thread, rows] = await this.#prisma.$transaction([
      this.#prisma.thread.findUnique({ where: { id: threadId }, select: { entriesSeq: true } }),
      this.#prisma.threadEntry.findMany({
        where: { threadId },
        select: { seq: true, data: true },
        orderBy: { seq: 'asc' },
      }),
    ]);
    return { entries: rows.map((row) => decodeEntry(threadId, row.seq, row.data)), seq: thread?.entriesSeq ?? 0 };
  }

  async loadTail(threadId: string, size: number): Promise<StoredTail> {
    // One transaction, so the seq and liveFrom are the ones these very rows stand at.
    return this.#prisma.$transaction(async (transaction) => {
      const thread = await transaction.thread.findUnique({ where: { id: threadId }, select: { entriesSeq: true, liveFrom: true } });
      const last = await transaction.threadEntry.findFirst({ where: { threadId }, select: { seq: true }, orderBy: { seq: 'desc' } });
      const count = last === null ? 0 : last.seq + 1;
      const liveFrom = thread?.liveFrom ?? (await firstLiveRow(transaction, threadId)) ?? count;
      const firstIndex = Math.max(0, Math.min(liveFrom, count - size));
      const rows = await transaction.threadEntry.findMany({
        where: { threadId, seq: { gte: firstIndex } },
        select: { seq: true, data: true },
        orderBy: { seq: 'asc' },
      });
      return { entries: rows.map((row) => decodeEntry(threadId, row.seq, row.data)), firstIndex, seq: thread?.entriesSeq ?? 0 };
    });
  }

  async getEntriesPage(threadId: string, page: { before: number; limit: number }): Promise<EntriesPage> {
    const rows = await this.#prisma.threadEntry.findMany({
      where: { threadId, seq: { lt: page.before } },
      select: { seq: true, data: true },
      orderBy: { seq: 'desc' },
      take: page.limit,
    });
    rows.reverse();
    return {
      entries: rows.map((row) => decodeEntry(threadId, row.seq, row.data)),
      // Nothing before `before`: the thread starts there.
      firstIndex: rows[0]?.seq ?? 0,
    };
  }

  async saveEntries(threadId: string, writes: readonly EntryWrite[]): Promise<void> {
    if (writes.length === 0) return;
    await this.appendEvents(threadId, { events: [], entries: writes });
  }

  async appendEvent(threadId: string, event: ThreadEvent, writes: readonly EntryWrite[]): Promise<void> {
    await this.appendEvents(threadId, { events: [event], entries: writes });
  }

  async getEventsAfter(threadId: string, afterSeq: number): Promise<ThreadEvent[]> {
    // The row holding afterSeq may be a run whose later pieces come after it (event-rows.ts).
    const holding = await this.#prisma.threadEvent.findFirst({
      where: { threadId, seq: { lte: afterSeq } },
      select: { seq: true, type: true },
      orderBy: { seq: 'desc' },
    });
    const rows = await this.#prisma.threadEvent.findMany({
      where: { threadId, seq: holding !== null && isRunType(holding.type) ? { gte: holding.seq } : { gt: afterSeq } },
      select: eventColumns,
      orderBy: { seq: 'asc' },
    });
    return rows.flatMap((row) => decodeEvents(threadId, row)).filter((event) => event.seq > afterSeq);
  }

  async getLastEvent(threadId: string, contentType?: ThreadEvent['content']['type']): Promise<ThreadEvent | null> {
    const row = await this.#prisma.threadEvent.findFirst({
      where: contentType === undefined ? { threadId } : { threadId, type: { in: [contentType, `run:${contentType}`] } },
      select: eventColumns,
      orderBy: { seq: 'desc' },
    });
    return row === null ? null : (decodeEvents(threadId, row).at(-1) ?? null);
  }

  /**
   * One transaction. Events alone are one multi-row insert (a streamed piece is an event, so this
   * is the path a streaming answer takes); entries come with their watermark and modifiedAt.
   */
  async appendEvents(threadId: string, batch: EventBatch): Promise<void> {
    await writeWithPatience(() => this.#appendEvents(threadId, batch));
  }

  async #appendEvents(threadId: string, batch: EventBatch): Promise<void> {
    const eventRows = encodeEvents(threadId, batch.events);
    const createdAt = new Date();
    const entryRows = batch.entries?.map((write) => encodeEntry(threadId, write));
    const firstSeq = batch.events[0]?.seq ?? 0;
    const lastSeq = batch.events.at(-1)?.seq;
    const modifiedAt = this.#now();
    const rows = JSON.stringify(eventRows.map((row) => [row.seq, row.role, row.type, row.content]));
    // One statement whatever the batch size: SQLite reads the rows from one JSON parameter. Prisma's
    // createMany, or a VALUES list, costs ten to a hundred times more per row here. The key refuses
    // a seq that starts a stored row; the guard, a seq inside a stored run (nothing is inserted then).
    const insertEvents = async (client: Pick<PrismaClient, '$executeRaw'>) => {
      const inserted = await client.$executeRaw`INSERT INTO "ThreadEvent" ("threadId", "seq", "role", "type", "content", "createdAt")
        SELECT ${threadId}, value ->> 0, value ->> 1, value ->> 2, value ->> 3, ${createdAt} FROM json_each(${rows})
        WHERE NOT EXISTS (SELECT 1 FROM (SELECT "seq", "type", "content" FROM "ThreadEvent"
          WHERE "threadId" = ${threadId} AND "seq" <= ${lastSeq ?? 0} ORDER BY "seq" DESC LIMIT 1) AS "previous"
          WHERE "previous"."seq" + (CASE WHEN substr("previous"."type", 1, 4) = 'run:' THEN json_array_length("previous"."content", '$.texts') - 1 ELSE 0 END) >= ${firstSeq})`;
      if (inserted !== eventRows.length) throw new Error(`Thread ${threadId}: events ${firstSeq} to ${lastSeq} overlap stored ones; none was stored`);
    };
    if (entryRows === undefined) {
      // A streaming batch: one statement is atomic on its own, with no transaction to open.
      if (eventRows.length > 0) await insertEvents(this.#prisma);
      return;
    }
    await this.#prisma.$transaction(async (transaction) => {
      const { count } = await transaction.thread.updateMany({
        where: { id: threadId },
        data: { modifiedAt, liveFrom: batch.liveFrom ?? null, ...(lastSeq === undefined ? {} : { entriesSeq: lastSeq }) },
      });
      if (count === 0) throw new Error(`Cannot save entries of thread ${threadId}: no such thread`);
      if (eventRows.length > 0) await insertEvents(transaction);
      for (const { seq, type, data } of entryRows) {
        await transaction.threadEntry.upsert({
          where: { threadId_seq: { threadId, seq } },
          create: { threadId, seq, type, data },
          update: { type, data },
        });
      }
    });
  }

  async deleteThread(threadId: string): Promise<boolean> {
    // Entries and events go with it: the schema cascades the delete.
    const { count } = await this.#prisma.thread.deleteMany({ where: { id: threadId } });
    return count > 0;
  }

  async close(): Promise<void> {
    await this.#prisma.$disconnect();
  }
}

/**
 * A PrismaClient on this SQLite file with the pragmas above in force. One adapter is one
 * better-sqlite3 connection, so they hold for every query until the client is disconnected.
 */
export async function connectSqlite(databaseFile: string): Promise<PrismaClient> {
  const prisma = new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: databaseFile }) });
  try {
    await configureConnection(prisma, databaseFile);
  } catch (error) {
    await prisma.$disconnect();
    throw error;
  }
  return prisma;
}

/** Creates the database folder, brings the schema up to date and opens the store. */
export async function openThreadStore(options: { databaseFile: string }): Promise<ThreadStore> {
  const { databaseFile } = options;
  await mkdir(dirname(databaseFile), { recursive: true });
  await applyMigrations(databaseFile);
  return new PrismaThreadStore(await connectSqlite(databaseFile));
}
