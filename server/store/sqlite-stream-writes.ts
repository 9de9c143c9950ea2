/**
 * The writes a thread's recorder makes on SQLite, a streaming answer's batches (event-insert.ts
 * says what each does and why: a batch of rows from one JSON parameter, a run row that pieces
 * join; event-statements.ts writes their SQL once for Prisma and for here) and its entry writes
 * (entries-transaction.ts is their Prisma form), as statements prepared once on the connection
 * Prisma's adapter holds. Through Prisma each batch paid for the
 * adapter preparing its statement anew and for the client's interpretation of the query on the
 * way, more than the write itself at a slow stream's small batches; and on a fresh relay the
 * first piece of an answer waited while Prisma planned the query's shape. The connection is the
 * same, so a write here is ordered with Prisma's own as its raw statements are.
 *
 * A batch of one row (a run of pieces, as a fast stream's batches are) goes in as plain values:
 * the JSON array would carry the row's content, itself JSON, escaped a second time.
 */
import type { Database, Statement } from 'better-sqlite3';
import type { ThreadEvent } from '../../lib/protocol/thread-events';
import { storeClosedError } from './store-failure';
import type { EntryRow } from './entry-rows';
import type { EventRow } from './event-rows';
import { insertRowOnSqlite, insertRowsOnSqlite, joinRow, overlappingEventsError } from './event-statements';
import { foldFacts, type ThreadFacts } from './thread-facts';
import { upsertSearchTextsOnSqlite } from './thread-search-sqlite';

/** The statements of event-statements.ts with `@name` parameters, to prepare once. */
const NAMED = { threadId: '@threadId', firstSeq: '@firstSeq', lastSeq: '@lastSeq', createdAt: '@createdAt' } as const;
const INSERT_ROWS = insertRowsOnSqlite(String.raw, { ...NAMED, rows: '@rows' });
const INSERT_ROW = insertRowOnSqlite(String.raw, { ...NAMED, role: '@role', type: '@type', content: '@content' });
const JOINED = { threadId: '@threadId', seq: '@seq', stored: '@stored', content: '@content' } as const;
const JOIN_ROW = joinRow(String.raw, JOINED);
const JOIN_ROW_AS_RUN = joinRow(String.raw, { ...JOINED, type: '@type' });
/** What the Prisma path's thread update sets; an absent start or seq leaves the column as it is. */
const UPDATE_THREAD = `UPDATE "Thread" SET "modifiedAt" = @modifiedAt, "liveFrom" = @liveFrom,
  "lastMessageStart" = COALESCE(@lastMessageStart, "lastMessageStart"), "entriesSeq" = COALESCE(@entriesSeq, "entriesSeq")
  WHERE "id" = @threadId`;
const UPSERT_ENTRY = `INSERT INTO "ThreadEntry" ("threadId", "seq", "type", "data", "updatedAt")
  VALUES (@threadId, @seq, @type, @data, @updatedAt)
  ON CONFLICT ("threadId", "seq") DO UPDATE SET "type" = excluded."type", "data" = excluded."data", "updatedAt" = excluded."updatedAt"`;
const READ_FACTS = `SELECT "model", "usageTokens", "usageCost", "lastSessionTokens" FROM "Thread" WHERE "id" = @threadId`;
const UPDATE_FACTS = `UPDATE "Thread" SET "model" = @model, "usageTokens" = @usageTokens, "usageCost" = @usageCost,
  "lastSessionTokens" = @lastSessionTokens WHERE "id" = @threadId`;
const UPSERT_SEARCH_TEXTS = upsertSearchTextsOnSqlite(String.raw, { threadId: '@threadId', rows: '@rows' });

/**
 * An entry write: the thread's columns, the batch's event rows, the facts its events change, the
 * entry rows and, once they stopped growing, their search text, in one transaction.
 */
export interface EntriesWrite {
  modifiedAt: Date;
  liveFrom: number | undefined;
  lastMessageStart: string | undefined;
  /** The batch's last event seq, which the entries stand at; absent for a batch with no events. */
  lastSeq: number | undefined;
  events: readonly EventRow[];
  entries: readonly EntryRow[];
  createdAt: Date;
  /** The batch's events that change the thread's facts (thread-facts.ts), folded into its row. */
  factEvents?: readonly ThreadEvent[];
  /** The entries' search rows as JSON `[[seq, text], ...]` (thread-search.ts searchRowsJson); absent while they grow. */
  searchRows?: string;
}

/** A DateTime as Prisma's SQLite adapter stores it (its default `iso8601` format), so Prisma reads it back the same. */
export function sqliteDateTime(date: Date): string {
  return date.toISOString().replace('Z', '+00:00');
}

export class SqliteStreamWrites {
  readonly #database: Database;
  readonly #insertRows: Statement;
  readonly #insertRow: Statement;
  readonly #joinRow: Statement;
  readonly #joinRowAsRun: Statement;
  readonly #updateThread: Statement;
  readonly #upsertEntry: Statement;
  readonly #readFacts: Statement;
  readonly #updateFacts: Statement;
  readonly #upsertSearchTexts: Statement;
  readonly #writeEntries: (threadId: string, write: EntriesWrite) => void;

  constructor(database: Database) {
    this.#database = database;
    this.#insertRows = database.prepare(INSERT_ROWS);
    this.#insertRow = database.prepare(INSERT_ROW);
    this.#joinRow = database.prepare(JOIN_ROW);
    this.#joinRowAsRun = database.prepare(JOIN_ROW_AS_RUN);
    this.#updateThread = database.prepare(UPDATE_THREAD);
    this.#upsertEntry = database.prepare(UPSERT_ENTRY);
    // The adapter reads integers as BigInt; the facts are numbers (thread-facts.ts), as Prisma maps them.
    this.#readFacts = database.prepare(READ_FACTS).safeIntegers(false);
    this.#updateFacts = database.prepare(UPDATE_FACTS);
    this.#upsertSearchTexts = database.prepare(UPSERT_SEARCH_TEXTS);
    this.#writeEntries = database.transaction((threadId: string, write: EntriesWrite) => this.#writeEntriesNow(threadId, write));
  }

  /**
   * Whether a statement run now would run inside a transaction another write of the store holds
   * open on the connection (Prisma's, between two of its awaits): it would then commit or roll
   * back with that one. The store writes through Prisma then, whose transactions take turns.
   */
  get insideOpenTransaction(): boolean {
    return this.#database.inTransaction;
  }

  /** Inserts the rows (in order of seq, the last piece's seq `lastSeq`); answers how many: all of them, or none. */
  insert(threadId: string, rows: readonly EventRow[], lastSeq: number, createdAt: Date): number {
    this.#assertOpen();
    const first = rows[0];
    if (first === undefined) return 0;
    const common = { threadId, lastSeq, firstSeq: first.seq, createdAt: sqliteDateTime(createdAt) };
    if (rows.length === 1) return this.#insertRow.run({ ...common, role: first.role, type: first.type, content: first.content }).changes;
    const json = JSON.stringify(rows.map((row) => [row.seq, row.role, row.type, row.content]));
    return this.#insertRows.run({ ...common, rows: json }).changes;
  }

  /** Rewrites the stored row as `joined` while it is still `stored` and last (event-insert.ts joinEventRow); answers 1 or 0. */
  join(threadId: string, stored: { seq: number; type: string; content: string }, joined: { type: string; content: string }): number {
    this.#assertOpen();
    const common = { threadId, seq: stored.seq, stored: stored.content, content: joined.content };
    return joined.type === stored.type
      ? this.#joinRow.run(common).changes
      : this.#joinRowAsRun.run({ ...common, type: joined.type }).changes;
  }

  /**
   * An entry write, as the store's Prisma transaction makes it (entries-transaction.ts): through
   * Prisma its interpretation, a statement prepared anew per query and an upsert that read the
   * long row back cost more than the write, four times a turn (its prompt, its start, its usage,
   * its end) and at every rewrite of a growing answer. All of it or nothing is stored.
   */
  writeEntries(threadId: string, write: EntriesWrite): void {
    this.#assertOpen();
    this.#writeEntries(threadId, write);
  }

  #writeEntriesNow(threadId: string, write: EntriesWrite): void {
    const { changes } = this.#updateThread.run({
      threadId,
      modifiedAt: sqliteDateTime(write.modifiedAt),
      liveFrom: write.liveFrom ?? null,
      lastMessageStart: write.lastMessageStart ?? null,
      entriesSeq: write.lastSeq ?? null,
    });
    if (changes === 0) throw new Error(`Cannot save entries of thread ${threadId}: no such thread`);
    const first = write.events[0];
    if (first !== undefined && this.insert(threadId, write.events, write.lastSeq ?? first.seq, write.createdAt) !== write.events.length)
      throw overlappingEventsError(threadId, first.seq, write.lastSeq);
    if (write.factEvents !== undefined && write.factEvents.length > 0) this.#foldFacts(threadId, write.factEvents);
    const updatedAt = sqliteDateTime(new Date());
    for (const { seq, type, data } of write.entries) this.#upsertEntry.run({ threadId, seq, type, data, updatedAt });
    if (write.searchRows !== undefined) this.#upsertSearchTexts.run({ threadId, rows: write.searchRows });
  }

  /** The thread's facts with the events folded in (thread-facts-update.ts does the same through Prisma). */
  #foldFacts(threadId: string, events: readonly ThreadEvent[]): void {
    const row = this.#readFacts.get({ threadId }) as ThreadFacts | undefined;
    if (row === undefined) return;
    this.#updateFacts.run({ threadId, ...foldFacts(row, events) });
  }

  /** The store closed the connection: the same refusal as Prisma's queries get then (connect-once.ts). */
  #assertOpen(): void {
    if (!this.#database.open) throw storeClosedError();
  }
}
