/**
 * The SQL that writes a thread's event rows, written once for the two ways the store runs it: through
 * Prisma (event-insert.ts: the tag is `Prisma.sql` and the values are bound as parameters) and as
 * statements prepared on SQLite's own connection (sqlite-stream-writes.ts, the speed path: the tag
 * is `String.raw` and the values are the statements' `@name` parameters). What each statement does
 * and why is said in event-insert.ts.
 */

/** A tagged template: `Prisma.sql`, or `String.raw` to write parameter names into the text. */
export type SqlTag<Sql> = (strings: TemplateStringsArray, ...values: unknown[]) => Sql;

/** Each value is a parameter: a bound value for Prisma, a `@name` for a prepared statement. */
interface RowsAt {
  threadId: unknown;
  firstSeq: unknown;
  lastSeq: unknown;
}

/** No stored row, a run of pieces included (event-rows.ts), reaches `firstSeq`: SQLite's JSON functions. */
function noOverlap<Sql>(sql: SqlTag<Sql>, { threadId, firstSeq, lastSeq }: RowsAt): Sql {
  return sql`NOT EXISTS (SELECT 1 FROM (SELECT "seq", "type", "content" FROM "ThreadEvent"
    WHERE "threadId" = ${threadId} AND "seq" <= ${lastSeq} ORDER BY "seq" DESC LIMIT 1) AS "previous"
    WHERE "previous"."seq" + (CASE WHEN substr("previous"."type", 1, 4) = 'run:' THEN json_array_length("previous"."content", '$.texts') - 1 ELSE 0 END) >= ${firstSeq})`;
}

/** What a write says when its insert stored nothing because the events overlap stored ones (noOverlap). */
export function overlappingEventsError(threadId: string, firstSeq: number, lastSeq: number | undefined): Error {
  return new Error(`Thread ${threadId}: events ${firstSeq} to ${lastSeq} overlap stored ones; none was stored`);
}

/** On SQLite: the rows of `rows`, a JSON array of `[seq, role, type, content]`, unless one overlaps a stored row. */
export function insertRowsOnSqlite<Sql>(sql: SqlTag<Sql>, values: RowsAt & { rows: unknown; createdAt: unknown }): Sql {
  return sql`INSERT INTO "ThreadEvent" ("threadId", "seq", "role", "type", "content", "createdAt")
    SELECT ${values.threadId}, value ->> 0, value ->> 1, value ->> 2, value ->> 3, ${values.createdAt} FROM json_each(${values.rows})
    WHERE ${noOverlap(sql, values)}`;
}

/** On SQLite: one row, as plain values (its content, itself JSON, is not escaped again in an array). */
export function insertRowOnSqlite<Sql>(
  sql: SqlTag<Sql>,
  values: RowsAt & { role: unknown; type: unknown; content: unknown; createdAt: unknown },
): Sql {
  return sql`INSERT INTO "ThreadEvent" ("threadId", "seq", "role", "type", "content", "createdAt")
    SELECT ${values.threadId}, ${values.firstSeq}, ${values.role}, ${values.type}, ${values.content}, ${values.createdAt}
    WHERE ${noOverlap(sql, values)}`;
}

/**
 * Row `seq`'s content becomes `content` while it is still `stored` and nothing follows it; its type
 * is set only when given (event-insert.ts joinEventRow says why). Plain SQL: both databases.
 */
export function joinRow<Sql>(
  sql: SqlTag<Sql>,
  { threadId, seq, stored, content, type }: { threadId: unknown; seq: unknown; stored: unknown; content: unknown; type?: unknown },
): Sql {
  const nothingAfter = sql`NOT EXISTS (SELECT 1 FROM "ThreadEvent" AS "later" WHERE "later"."threadId" = ${threadId} AND "later"."seq" > ${seq})`;
  const where = sql`WHERE "threadId" = ${threadId} AND "seq" = ${seq} AND "content" = ${stored} AND ${nothingAfter}`;
  return type === undefined
    ? sql`UPDATE "ThreadEvent" SET "content" = ${content} ${where}`
    : sql`UPDATE "ThreadEvent" SET "type" = ${type}, "content" = ${content} ${where}`;
}
