/**
 * Full-text search on SQLite's FTS5: the virtual table "ThreadSearch" over "ThreadSearchText",
 * kept in step by the triggers of the migration `thread_list`.
 */
import { Prisma } from './generated/client';
import { ELLIPSIS, MATCH_END, MATCH_START, searchWords, SNIPPET_WORDS, type SearchDialect, type SearchHit } from './search-dialect';

/**
 * The user's words as an FTS5 query: each word a quoted string (a `"` doubled inside), so that
 * FTS5's own syntax (`"`, `*`, `NEAR(`, `AND`, `-`, column filters) is only ever text; the last
 * word matches as a prefix, as one types. Undefined when no word is left.
 */
export function toMatchQuery(query: string): string | undefined {
  return matchQueryOf(searchWords(query));
}

function matchQueryOf(words: string[]): string | undefined {
  if (words.length === 0) return undefined;
  const quoted = words.map((word) => `"${word.replaceAll('"', '""')}"`);
  return `${quoted.join(' ')}*`;
}

export const sqliteSearch: SearchDialect = {
  // One statement for the batch; the WHERE keeps the FTS5 update trigger from firing for text that
  // did not change (a tool call whose status moved on). `WHERE true` tells SQLite's parser that
  // ON CONFLICT belongs to the INSERT, not to a join.
  upsertTexts: (client, threadId, rowsJson) =>
    client.$executeRaw`INSERT INTO "ThreadSearchText" ("threadId", "seq", "text")
      SELECT ${threadId}, value ->> 0, value ->> 1 FROM json_each(${rowsJson}) WHERE true
      ON CONFLICT ("threadId", "seq") DO UPDATE SET "text" = excluded."text" WHERE "text" <> excluded."text"`,

  // FTS5 walks a match in rowid order and stops at the LIMIT, so the window costs what it holds,
  // however common the words; bm25() works only in the query that matches, hence the materialised
  // step. SQLite takes the other columns of a MIN() aggregate from the row that has the minimum:
  // each thread's best row, without a window function over every hit.
  async recentBestHits(client, words, filter, windowRows) {
    const rows = await client.$queryRaw<Array<SearchHit & { rowsTaken: number | bigint; oldestRowId: number | bigint }>>`
      WITH "recent" AS MATERIALIZED (
        SELECT "ThreadSearch".rowid AS "rowId", bm25("ThreadSearch") AS "rank"
        FROM "ThreadSearch" WHERE "ThreadSearch" MATCH ${matchQueryOf(words)}
        ORDER BY "ThreadSearch".rowid DESC LIMIT ${windowRows}
      ), "best" AS (
        SELECT "text"."threadId", "recent"."rowId", "text"."seq", MIN("recent"."rank") AS "rank"
        FROM "recent" JOIN "ThreadSearchText" AS "text" ON "text"."id" = "recent"."rowId" GROUP BY "text"."threadId"
      )
      SELECT "best"."threadId", "best"."rowId", "best"."seq",
        (SELECT COUNT(*) FROM "recent") AS "rowsTaken", (SELECT MIN("rowId") FROM "recent") AS "oldestRowId"
      FROM "best" JOIN "Thread" AS "thread" ON "thread"."id" = "best"."threadId"
      WHERE true ${filter}
      ORDER BY "best"."rank", "thread"."modifiedAt" DESC, "thread"."id" DESC`;
    return {
      hits: rows.map(({ threadId, rowId, seq }) => ({ threadId, rowId, seq })),
      rowsTaken: Number(rows[0]?.rowsTaken ?? 0),
      oldestRowId: rows[0] === undefined ? undefined : Number(rows[0].oldestRowId),
    };
  },

  // MAX() takes "seq" from the newest matching row, as MIN() does above.
  olderHits: (client, words, filter, { beforeRowId, exceptThreadIds, limit, offset }) =>
    client.$queryRaw<SearchHit[]>`
      WITH "older" AS (
        SELECT "text"."threadId", MAX("text"."id") AS "rowId", "text"."seq"
        FROM "ThreadSearch" JOIN "ThreadSearchText" AS "text" ON "text"."id" = "ThreadSearch".rowid
        WHERE "ThreadSearch" MATCH ${matchQueryOf(words)} AND "ThreadSearch".rowid < ${beforeRowId ?? Number.MAX_SAFE_INTEGER}
          AND "text"."threadId" NOT IN (SELECT value FROM json_each(${JSON.stringify(exceptThreadIds)}))
        GROUP BY "text"."threadId"
      )
      SELECT "older"."threadId", "older"."rowId", "older"."seq" FROM "older" JOIN "Thread" AS "thread" ON "thread"."id" = "older"."threadId"
      WHERE true ${filter}
      ORDER BY "older"."rowId" DESC
      LIMIT ${limit ?? -1} OFFSET ${offset}`,

  // FTS5 takes a rowid range as the bounds of one walk through the match; a rowid IN list it would
  // take as one walk per value, each building the prefix word's row list again (hundreds of ms for
  // a common word). The unary + keeps the list out of FTS5's hands: it only filters the range's rows.
  async snippets(client, words, rowIds) {
    const rows = await client.$queryRaw<Array<{ rowId: number | bigint; snippet: string }>>`
      SELECT rowid AS "rowId", snippet("ThreadSearch", 0, ${MATCH_START}, ${MATCH_END}, ${ELLIPSIS}, ${SNIPPET_WORDS}) AS "snippet"
      FROM "ThreadSearch" WHERE "ThreadSearch" MATCH ${matchQueryOf(words)}
        AND rowid BETWEEN ${Math.min(...rowIds)} AND ${Math.max(...rowIds)} AND +rowid IN (${Prisma.join(rowIds)})`;
    return new Map(rows.map((row) => [Number(row.rowId), row.snippet]));
  },
};
