/**
 * The ThreadStore on Prisma, with a SQLite file by default or a PostgreSQL server. Entries and
 * events are kept as JSON and parsed back with the protocol schemas (entry-rows.ts, event-rows.ts).
 */
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { ThreadEntry, ThreadMetadata } from '../../lib/protocol/thread-model';
import { Prisma, type PrismaClient } from './generated/client';
import { type AuditStore, PrismaAuditStore } from './audit-store';
import { applyMigrations } from './migrate';
import type { DatabaseTarget } from './database-target';
import { eventInsertFor, firstLiveRowFor, type EventInsert, type FirstLiveRow } from './event-insert';
import { overlappingEventsError } from './event-statements';
import { connectPostgres } from './postgres-connection';
import { openSqlite, readPragma } from './sqlite-connection';
import { SqliteStreamWrites } from './sqlite-stream-writes';
import { joinedRowBytes } from './sqlite-page-size';
import { type CheckpointsOnDemand, checkpointsOnFirstWrite, startWalCheckpoints } from './wal-checkpoints';
import { type FencingCheck, fencingCheckFor } from './lease-fencing';
import { importThreadRows } from './thread-import';
import type {
  EntriesPage,
  EntryWrite,
  EventBatch,
  ImportedThread,
  StoredEntries,
  ThreadListRequest,
  StoredThreadDetails,
  StoredTail,
  ThreadPage,
  ThreadRecord,
  ThreadStore,
} from './thread-store';
import type { ThreadEvent } from '../../lib/protocol/thread-events';
import { decodeEntry, encodeEntry } from './entry-rows';
import { changesFacts } from './thread-facts';
import { writeEntriesThroughPrisma } from './entries-transaction';
import { monotonicClock } from './monotonic-clock';
import { decodeEvents, encodeEvents, type EventRow, isRunType } from './event-rows';
import { isIndexedEventType, lastEventOfType } from './last-event-of-type';
import { PieceWrites, rowsJson } from './piece-writes';
import { writeWithPatience } from './store-failure';
import { PrismaThreadHistoryStore } from './prisma-thread-history-store';
import type { ThreadHistoryStore } from './thread-history-store';
import { afterKey, decodeCursor, encodeCursor, listFilter, MAX_THREAD_PAGE, THREAD_LIST_ORDER } from './thread-list-page';
import { searchRowsJson, threadSearchFor, type ThreadSearch } from './thread-search';
import { entryUpsertFor, type EntryUpsert } from './entry-insert';
import { lastMessageStartOf } from './last-message-start';
import { detailColumns, metadataColumns, toDetails, toMetadata } from './thread-rows';

const eventColumns = { seq: true, role: true, type: true, content: true } as const;

/** The longest a run row grows by joining pieces on PostgreSQL, in bytes: SQLite's is by its page size (joinedRowBytes). */
const MAX_JOINED_ROW_BYTES = 1_500;

class PrismaThreadStore implements ThreadStore {
  readonly #prisma: PrismaClient;
  readonly #insertEvents: EventInsert;
  readonly #firstLiveRow: FirstLiveRow;
  readonly #upsertEntries: EntryUpsert;
  readonly #search: ThreadSearch;
  readonly #checkFencing: FencingCheck;
  readonly #now = monotonicClock();
  readonly #checkpoints: CheckpointsOnDemand | undefined;
  /** Streaming batches' writes, on SQLite through prepared statements. */
  readonly #pieces: PieceWrites;
  readonly history: ThreadHistoryStore;
  readonly audit: AuditStore;

  constructor(
    prisma: PrismaClient,
    kind: DatabaseTarget['kind'],
    options: { checkpoints?: CheckpointsOnDemand; maxJoinedRowBytes: number; streamWrites?: SqliteStreamWrites },
  ) {
    this.#prisma = prisma;
    this.#checkpoints = options.checkpoints;
    this.#insertEvents = eventInsertFor(kind);
    this.#firstLiveRow = firstLiveRowFor(kind);
    this.#upsertEntries = entryUpsertFor(kind);
    this.#search = threadSearchFor(kind);
    this.#checkFencing = fencingCheckFor(kind);
    this.#pieces = new PieceWrites(prisma, this.#insertEvents, this.#checkFencing, options.maxJoinedRowBytes, options.streamWrites);
    this.history = new PrismaThreadHistoryStore(prisma, this.#now, kind);
    this.audit = new PrismaAuditStore(prisma);
  }

  async listThreads(page: ThreadListRequest = {}): Promise<ThreadPage> {
    const limit = page.limit === undefined ? undefined : Math.min(Math.max(1, page.limit), MAX_THREAD_PAGE);
    const query = page.query?.trim();
    if (query) return this.#search.searchThreads(this.#prisma, { ...page, query }, limit, (ids) => this.#metadataOf(ids));
    const rows = await this.#prisma.thread.findMany({
      select: metadataColumns,
      where: { ...listFilter(page), ...(page.cursor === undefined ? {} : afterKey(decodeCursor(page.cursor))) },
      orderBy: THREAD_LIST_ORDER,
      // One more than asked tells whether there is a next page.
      ...(limit === undefined ? {} : { take: limit + 1 }),
    });
    const threads = limit === undefined ? rows : rows.slice(0, limit);
    const last = threads.at(-1);
    const hasMore = limit !== undefined && rows.length > limit && last !== undefined;
    return { threads: threads.map(toMetadata), ...(hasMore ? { nextCursor: encodeCursor(last) } : {}) };
  }

  async #metadataOf(ids: string[]): Promise<ThreadMetadata[]> {
    if (ids.length === 0) return [];
    return (await this.#prisma.thread.findMany({ where: { id: { in: ids } }, select: metadataColumns })).map(toMetadata);
  }

  async createThread(title: string, agent?: string): Promise<ThreadMetadata> {
    const now = this.#now();
    const row = await this.#prisma.$transaction(async (transaction) => {
      const created = await transaction.thread.create({ data: { title, agent, createdAt: now, modifiedAt: now }, select: metadataColumns });
      await this.#search.indexTitle(transaction, created.id, title);
      return created;
    });
    return toMetadata(row);
  }

  async getThread(threadId: string): Promise<ThreadRecord | null> {
    const row = await this.#prisma.thread.findFirst({
      where: { id: threadId, deletedAt: null },
      select: { ...metadataColumns, agentSessionId: true },
    });
    return row === null ? null : { ...toMetadata(row), agent: row.agent, agentSessionId: row.agentSessionId ?? undefined };
  }

  /** Archiving is not a change of the thread's content: modifiedAt stays, and so does its place. */
  async archiveThread(threadId: string, archived: boolean): Promise<ThreadMetadata | null> {
    const { count } = await this.#prisma.thread.updateMany({
      where: { id: threadId, deletedAt: null },
      data: { archivedAt: archived ? this.#now() : null },
    });
    return count === 0 ? null : ((await this.#metadataOf([threadId]))[0] ?? null);
  }

  async trashThread(threadId: string): Promise<boolean> {
    const { count } = await this.#prisma.thread.updateMany({ where: { id: threadId, deletedAt: null }, data: { deletedAt: new Date() } });
    return count > 0;
  }

  async restoreThread(threadId: string): Promise<ThreadMetadata | null> {
    const { count } = await this.#prisma.thread.updateMany({
      where: { id: threadId, deletedAt: { not: null } },
      data: { deletedAt: null },
    });
    return count === 0 ? null : ((await this.#metadataOf([threadId]))[0] ?? null);
  }

  async purgeDeleted(deletedBefore: Date): Promise<string[]> {
    const doomed = await this.#prisma.thread.findMany({ where: { deletedAt: { lt: deletedBefore } }, select: { id: true } });
    if (doomed.length === 0) return [];
    const ids = doomed.map((row) => row.id);
    // Entries, events and search rows go with them: the schema cascades the delete.
    await this.#prisma.thread.deleteMany({ where: { id: { in: ids }, deletedAt: { lt: deletedBefore } } });
    return ids;
  }

  async getThreadDetails(threadId: string): Promise<StoredThreadDetails | null> {
    const row = await this.#prisma.thread.findUnique({ where: { id: threadId }, select: detailColumns });
    return row === null ? null : toDetails(row);
  }

  importThread(thread: ImportedThread): Promise<ThreadMetadata> {
    return importThreadRows(this.#prisma, { upsertEntries: this.#upsertEntries, search: this.#search }, thread);
  }

  async setThreadAgent(threadId: string, agent: string, fencing?: bigint): Promise<void> {
    const { count } = await this.#fencedUpdate(threadId, fencing, { agent, agentSessionId: null, modifiedAt: this.#now() });
    if (count === 0) throw new Error(`Cannot hand over thread ${threadId}: no such thread`);
  }

  async saveAgentSession(threadId: string, agentSessionId: string | null, fencing?: bigint): Promise<void> {
    await this.#fencedUpdate(threadId, fencing, { agentSessionId });
  }

  /**
   * Updates the thread's row; under `fencing`, in a transaction that checks the lease first: a relay
   * that lost the thread must not bind it to its agent or its agent's session, which the relay
   * running it now would then resume (a session that lives in the other relay's agent process).
   */
  #fencedUpdate(threadId: string, fencing: bigint | undefined, data: Prisma.ThreadUpdateManyMutationInput): Promise<{ count: number }> {
    if (fencing === undefined) return this.#prisma.thread.updateMany({ where: { id: threadId }, data });
    return this.#prisma.$transaction(async (transaction) => {
      await this.#checkFencing(transaction, threadId, fencing);
      return transaction.thread.updateMany({ where: { id: threadId }, data });
    });
  }

  /** A rename is a change to the thread, so it moves the thread to the top of the list. */
  async renameThread(threadId: string, title: string): Promise<void> {
    await this.#prisma.$transaction(async (transaction) => {
      const { count } = await transaction.thread.updateMany({
        where: { id: threadId, deletedAt: null },
        data: { title, modifiedAt: this.#now() },
      });
      if (count === 0) throw new Error(`Cannot rename thread ${threadId}: no such thread`);
      await this.#search.indexTitle(transaction, threadId, title);
    });
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
      const liveFrom = thread?.liveFrom ?? (await this.#firstLiveRow(transaction, threadId)) ?? count;
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
    if (contentType !== undefined && isIndexedEventType(contentType)) {
      const [row] = await this.#prisma.$queryRaw<EventRow[]>(lastEventOfType(Prisma.sql, threadId, contentType));
      return row === undefined ? null : (decodeEvents(threadId, { ...row, seq: Number(row.seq) }).at(-1) ?? null);
    }
    // Other types have no index of their own: the thread's rows are read back from its newest.
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
    this.#checkpoints?.writing();
    // Whatever the write does, it says which row the thread's next pieces may join.
    const open = this.#pieces.takeOpenRun(threadId);
    if (batch.entries === undefined && !batch.events.some(changesFacts)) {
      await writeWithPatience(() => this.#pieces.write(threadId, batch.events, batch.fencing, open));
      return;
    }
    await writeWithPatience(() => this.#appendEntries(threadId, batch));
  }

  /** A batch with entries, or with events that change the thread's facts: one transaction. */
  async #appendEntries(threadId: string, batch: EventBatch): Promise<void> {
    const eventRows = encodeEvents(threadId, batch.events);
    const createdAt = new Date();
    const entryRows = batch.entries?.map((write) => encodeEntry(threadId, write)) ?? [];
    const firstSeq = batch.events[0]?.seq ?? 0;
    const lastSeq = batch.events.at(-1)?.seq;
    const modifiedAt = this.#now();
    const lastMessageStart = batch.entries === undefined ? undefined : lastMessageStartOf(batch.entries);
    const factEvents = batch.events.filter(changesFacts);
    const direct = this.#pieces.direct(batch.fencing);
    if (direct !== undefined) {
      // The search text follows the entry rows once they stop growing (EventBatch.growing).
      const searchRows = batch.entries !== undefined && batch.growing !== true ? searchRowsJson(batch.entries) : undefined;
      const write = { modifiedAt, liveFrom: batch.liveFrom, lastMessageStart, lastSeq, events: eventRows, entries: entryRows, createdAt };
      direct.writeEntries(threadId, { ...write, factEvents, searchRows });
    } else {
      // One statement whatever the batch size (event-insert.ts); it refuses a batch that overlaps
      // stored events, a run included (nothing is inserted then).
      const insertEvents = async (client: Pick<PrismaClient, '$executeRaw'>) => {
        const inserted = await this.#insertEvents(client, {
          threadId,
          rowsJson: rowsJson(eventRows),
          createdAt,
          firstSeq,
          lastSeq: lastSeq ?? 0,
        });
        if (inserted !== eventRows.length) throw overlappingEventsError(threadId, firstSeq, lastSeq);
      };
      const write = { batch, entryRows, factEvents, modifiedAt, lastMessageStart, lastSeq };
      const checks = { checkFencing: this.#checkFencing, search: this.#search };
      const events = eventRows.length > 0 ? insertEvents : undefined;
      await writeEntriesThroughPrisma(this.#prisma, checks, threadId, { ...write, insertEvents: events });
    }
    this.#pieces.rowsWritten(threadId, eventRows, batch.events);
  }

  async deleteThread(threadId: string): Promise<boolean> {
    // Entries and events go with it: the schema cascades the delete.
    const { count } = await this.#prisma.thread.deleteMany({ where: { id: threadId } });
    return count > 0;
  }

  async close(): Promise<void> {
    // The worker first: a start under way still needs the store's connection to finish.
    await this.#checkpoints?.close();
    await this.#prisma.$disconnect();
  }
}

/**
 * Brings the schema up to date and opens the store: on `database` when given, else on the SQLite
 * file `databaseFile` (its folder created, its log checkpointed off the event loop from the first
 * streamed write on: wal-checkpoints.ts). `log` hears of checkpoints falling back to the store's connection.
 */
export async function openThreadStore(
  options: ({ databaseFile: string; database?: undefined } | { database: DatabaseTarget }) & { log?: (message: string) => void },
): Promise<ThreadStore> {
  const target: DatabaseTarget = options.database ?? { kind: 'sqlite', file: options.databaseFile };
  if (target.kind === 'postgresql') {
    await applyMigrations(target);
    return new PrismaThreadStore(await connectPostgres(target.url), target.kind, { maxJoinedRowBytes: MAX_JOINED_ROW_BYTES });
  }
  await mkdir(dirname(target.file), { recursive: true });
  await applyMigrations(target);
  const { prisma, driver } = await openSqlite(target.file);
  const log = options.log ?? (() => undefined);
  const checkpoints = checkpointsOnFirstWrite(() => startWalCheckpoints(prisma, target.file, log), log);
  const maxJoinedRowBytes = joinedRowBytes(Number(await readPragma(prisma, 'page_size')));
  const streamWrites = driver === undefined ? undefined : new SqliteStreamWrites(driver);
  return new PrismaThreadStore(prisma, target.kind, { checkpoints, maxJoinedRowBytes, streamWrites });
}
