/**
 * Inserts a batch of events in one statement whatever its size: the database reads the rows from
 * one JSON parameter. Prisma's createMany, or a VALUES list, costs ten to a hundred times more
 * per row on SQLite. Each row is `[seq, role, type, content]`; a row may hold a run of streamed
 * pieces (event-rows.ts), whose seqs go on from its own.
 *
 * The primary key refuses a seq that starts a stored row; the guard refuses one inside a stored
 * run: then nothing is inserted, and the count says so.
 */
import { Prisma, type PrismaClient } from './generated/client';
import type { DatabaseTarget } from './database-target';
import { insertRowsOnSqlite, joinRow } from './event-statements';

type RawClient = Pick<PrismaClient, '$executeRaw'>;

export interface EventInsertBatch {
  threadId: string;
  rowsJson: string;
  createdAt: Date;
  firstSeq: number;
  lastSeq: number;
}

/** Inserts the rows; answers how many were inserted (all of them, or none). */
export type EventInsert = (client: RawClient, batch: EventInsertBatch) => Promise<number>;

const insertWithJsonEach: EventInsert = (client, { threadId, rowsJson, createdAt, firstSeq, lastSeq }) =>
  client.$executeRaw(insertRowsOnSqlite(Prisma.sql, { threadId, rows: rowsJson, createdAt, firstSeq, lastSeq }));

/** PostgreSQL's json_array_elements is SQLite's json_each; its ->> answers text, so seq is cast. */
const insertWithJsonArrayElements: EventInsert = (client, { threadId, rowsJson, createdAt, firstSeq, lastSeq }) =>
  client.$executeRaw`INSERT INTO "ThreadEvent" ("threadId", "seq", "role", "type", "content", "createdAt")
    SELECT ${threadId}, (value ->> 0)::integer, value ->> 1, value ->> 2, value ->> 3, ${createdAt}
    FROM json_array_elements(${rowsJson}::json)
    WHERE NOT EXISTS (SELECT 1 FROM (SELECT "seq", "type", "content" FROM "ThreadEvent"
      WHERE "threadId" = ${threadId} AND "seq" <= ${lastSeq}::integer ORDER BY "seq" DESC LIMIT 1) AS "previous"
      WHERE "previous"."seq" + (CASE WHEN substr("previous"."type", 1, 4) = 'run:' THEN json_array_length("previous"."content"::json -> 'texts') - 1 ELSE 0 END) >= ${firstSeq}::integer)`;

export function eventInsertFor(kind: DatabaseTarget['kind']): EventInsert {
  return kind === 'sqlite' ? insertWithJsonEach : insertWithJsonArrayElements;
}

type QueryClient = Pick<PrismaClient, '$queryRaw'>;

/**
 * Where the entries that can still change begin, found from the rows (lib/thread/live-entries.ts
 * says which: a tool call or thought still under way), for a thread whose liveFrom is not known.
 * Reads every tool call and thought of the thread once; the recorder's next write records it.
 */
export type FirstLiveRow = (client: QueryClient, threadId: string) => Promise<number | null>;

const firstLiveRowSqlite: FirstLiveRow = async (client, threadId) => {
  const [row] = await client.$queryRaw<Array<{ first: number | bigint | null }>>`SELECT MIN("seq") AS "first" FROM "ThreadEntry"
    WHERE "threadId" = ${threadId} AND (("type" = 'toolCall' AND "data" ->> '$.status' IN ('preparing', 'waiting-approval', 'running'))
      OR ("type" = 'reasoning' AND "data" ->> '$.status' = 'thinking'))`;
  return row?.first === null || row?.first === undefined ? null : Number(row.first);
};

const firstLiveRowPostgres: FirstLiveRow = async (client, threadId) => {
  const [row] = await client.$queryRaw<Array<{ first: number | bigint | null }>>`SELECT MIN("seq") AS "first" FROM "ThreadEntry"
    WHERE "threadId" = ${threadId} AND (("type" = 'toolCall' AND ("data"::json ->> 'status') IN ('preparing', 'waiting-approval', 'running'))
      OR ("type" = 'reasoning' AND ("data"::json ->> 'status') = 'thinking'))`;
  return row?.first === null || row?.first === undefined ? null : Number(row.first);
};

export function firstLiveRowFor(kind: DatabaseTarget['kind']): FirstLiveRow {
  return kind === 'sqlite' ? firstLiveRowSqlite : firstLiveRowPostgres;
}

/**
 * Rewrites a thread's last event row as `joined` (the same row with more pieces: event-rows.ts
 * joinRun), only while it is still stored as `stored` and nothing follows it; answers how many
 * rows it rewrote (1, or 0 when the row has changed, and the pieces are inserted instead).
 * The type is set only when it changes (a single piece's row becoming a run): SQLite rewrites an
 * index entry for every column a statement sets, changed or not, and the type is indexed, so
 * setting it at every join wrote the index's page with each commit as well as the row's.
 */
export function joinEventRow(
  client: RawClient,
  threadId: string,
  stored: { seq: number; type: string; content: string },
  joined: { type: string; content: string },
): Promise<number> {
  const type = joined.type === stored.type ? undefined : joined.type;
  return client.$executeRaw(joinRow(Prisma.sql, { threadId, seq: stored.seq, stored: stored.content, content: joined.content, type }));
}
