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

  // SQLite takes the other columns of a MIN() aggregate from the row that has the minimum: each
  // thread's best row, without a window over every hit. bm25() works only in the query that
  // matches, hence the materialised step.
  bestHits: (client, words, filter, { limit, offset }) =>
    client.$queryRaw<SearchHit[]>`
      WITH "hits" AS MATERIALIZED (
        SELECT "text"."threadId", "text"."id" AS "rowId", "text"."seq", bm25("ThreadSearch") AS "rank"
        FROM "ThreadSearch" JOIN "ThreadSearchText" AS "text" ON "text"."id" = "ThreadSearch".rowid
        WHERE "ThreadSearch" MATCH ${matchQueryOf(words)}
      ), "best" AS (
        SELECT "threadId", "rowId", "seq", MIN("rank") AS "rank" FROM "hits" GROUP BY "threadId"
      )
      SELECT "best"."threadId", "best"."rowId", "best"."seq" FROM "best" JOIN "Thread" AS "thread" ON "thread"."id" = "best"."threadId"
      WHERE true ${filter}
      ORDER BY "best"."rank", "thread"."modifiedAt" DESC, "thread"."id" DESC
      LIMIT ${limit ?? -1} OFFSET ${offset}`,

  async snippets(client, words, rowIds) {
    const rows = await client.$queryRaw<Array<{ rowId: number | bigint; snippet: string }>>`
      SELECT rowid AS "rowId", snippet("ThreadSearch", 0, ${MATCH_START}, ${MATCH_END}, ${ELLIPSIS}, ${SNIPPET_WORDS}) AS "snippet"
      FROM "ThreadSearch" WHERE "ThreadSearch" MATCH ${matchQueryOf(words)} AND rowid IN (${Prisma.join(rowIds)})`;
    return new Map(rows.map((row) => [Number(row.rowId), row.snippet]));
  },
};
