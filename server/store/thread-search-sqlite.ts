/**
 * Full-text search on SQLite's FTS5: the virtual table "ThreadSearch" over "ThreadSearchText",
 * kept in step by the triggers of the migration `thread_list`.
 */
import { Prisma } from './generated/client';
import type { SqlTag } from './event-statements';
import {
  ELLIPSIS,
  MATCH_END,
  MATCH_START,
  newestHitsOf,
  type NewestHitRow,
  type RawClient,
  type SearchDialect,
  type SearchHit,
  type SearchMatch,
  searchWords,
  SNIPPET_WORDS,
} from './search-dialect';
import { lastAsciiToken, termsWithPrefix } from './sqlite-prefix-terms';

/**
 * The user's words as an FTS5 query: each word a quoted string (a `"` doubled inside), so that
 * FTS5's own syntax (`"`, `*`, `NEAR(`, `AND`, `-`, column filters) is only ever text; the last
 * word matches as a prefix, as one types. Undefined when no word is left.
 */
export function toMatchQuery(query: string): string | undefined {
  const words = searchWords(query);
  if (words.length === 0) return undefined;
  return [...words.slice(0, -1).map(quoted), `${quoted(words.at(-1)!)}*`].join(' ');
}

function quoted(word: string): string {
  return `"${word.replaceAll('"', '""')}"`;
}

/**
 * The last word as the whole terms it begins (sqlite-prefix-terms.ts), each in the word's place:
 * `deploy` as `"deploy" OR "deployment"`, `foo-ba` as `"foo-bar" OR "foo-baz"`. Undefined when
 * the prefix stays FTS5's (not ASCII, or too many terms); an empty list when no term begins so.
 */
async function lastWordAsTerms(client: RawClient, word: string): Promise<string[] | undefined> {
  const last = lastAsciiToken(word);
  if (last === undefined) return undefined;
  const terms = await termsWithPrefix(client, last.token);
  return terms?.map((term) => quoted(word.slice(0, last.start) + term));
}

/**
 * The search rows of `rows`, a JSON array of `[seq, text]`, in one statement; the WHERE keeps the
 * FTS5 update trigger from firing for text that did not change (a tool call whose status moved on).
 * `WHERE true` tells SQLite's parser that ON CONFLICT belongs to the INSERT, not to a join. Written
 * once for Prisma and for the prepared statements (event-statements.ts says how).
 */
export function upsertSearchTextsOnSqlite<Sql>(sql: SqlTag<Sql>, { threadId, rows }: { threadId: unknown; rows: unknown }): Sql {
  return sql`INSERT INTO "ThreadSearchText" ("threadId", "seq", "text")
      SELECT ${threadId}, value ->> 0, value ->> 1 FROM json_each(${rows}) WHERE true
      ON CONFLICT ("threadId", "seq") DO UPDATE SET "text" = excluded."text" WHERE "text" <> excluded."text"`;
}

export const sqliteSearch: SearchDialect = {
  upsertTexts: (client, threadId, rowsJson) => client.$executeRaw(upsertSearchTextsOnSqlite(Prisma.sql, { threadId, rows: rowsJson })),

  async matchOf(client, words): Promise<SearchMatch | undefined> {
    const firsts = words.slice(0, -1).map(quoted);
    const last = words.at(-1)!;
    const alternatives = (await lastWordAsTerms(client, last)) ?? [`${quoted(last)}*`];
    if (alternatives.length === 0) return undefined;
    return {
      all: [...firsts, `(${alternatives.join(' OR ')})`].join(' AND '),
      any: [...firsts, ...alternatives].join(' OR '),
    };
  },

  // FTS5 walks a match in rowid order and stops at the LIMIT.
  async countAnyRows(client, match, atMost) {
    const [row] = await client.$queryRaw<Array<{ rows: number | bigint }>>`
      SELECT COUNT(*) AS "rows" FROM (SELECT rowid FROM "ThreadSearch" WHERE "ThreadSearch" MATCH ${match.any} LIMIT ${atMost})`;
    return Number(row?.rows ?? 0);
  },

  // bm25() works only in the query that matches, hence the materialised step. CROSS JOIN keeps SQLite
  // from turning the join around (scanning every text row to probe the match's), here and below. SQLite takes the other
  // columns of a MIN() aggregate from the row that has the minimum: each thread's best row, without
  // a window function over every hit.
  bestHits: (client, match, filter) =>
    client.$queryRaw<SearchHit[]>`
      WITH "ranked" AS MATERIALIZED (
        SELECT "ThreadSearch".rowid AS "rowId", bm25("ThreadSearch") AS "rank"
        FROM "ThreadSearch" WHERE "ThreadSearch" MATCH ${match.all}
      ), "best" AS (
        SELECT "text"."threadId", "ranked"."rowId", "text"."seq", MIN("ranked"."rank") AS "rank"
        FROM "ranked" CROSS JOIN "ThreadSearchText" AS "text" ON "text"."id" = "ranked"."rowId" GROUP BY "text"."threadId"
      )
      SELECT "best"."threadId", "best"."rowId", "best"."seq"
      FROM "best" JOIN "Thread" AS "thread" ON "thread"."id" = "best"."threadId"
      WHERE true ${filter}
      ORDER BY "best"."rank", "thread"."modifiedAt" DESC, "thread"."id" DESC`,

  // The window is taken newest first without ranking, so it costs what it holds. MAX() takes "seq"
  // from each thread's newest row, as MIN() does above. The outer LEFT JOIN answers one row even
  // when the filter leaves no thread, so that the window's size is always told.
  async newestHits(client, match, filter, windowRows) {
    const rows = await client.$queryRaw<NewestHitRow[]>`
      WITH "recent" AS MATERIALIZED (
        SELECT rowid AS "rowId" FROM "ThreadSearch" WHERE "ThreadSearch" MATCH ${match.all}
        ORDER BY rowid DESC LIMIT ${windowRows}
      ), "newest" AS (
        SELECT "text"."threadId", MAX("recent"."rowId") AS "rowId", "text"."seq"
        FROM "recent" CROSS JOIN "ThreadSearchText" AS "text" ON "text"."id" = "recent"."rowId" GROUP BY "text"."threadId"
      )
      SELECT "taken"."rowsTaken", "hit"."threadId", "hit"."rowId", "hit"."seq"
      FROM (SELECT COUNT(*) AS "rowsTaken" FROM "recent") AS "taken" LEFT JOIN (
        SELECT "newest".* FROM "newest" JOIN "Thread" AS "thread" ON "thread"."id" = "newest"."threadId" WHERE true ${filter}
      ) AS "hit" ON true
      ORDER BY "hit"."rowId" DESC`;
    return newestHitsOf(rows);
  },

  // FTS5 takes a rowid range as the bounds of one walk through the match; a rowid IN list it would
  // take as one walk per value. The unary + keeps the list out of FTS5's hands: it only filters the
  // range's rows. FTS5 ignores a bound that is not an INTEGER value, and the driver binds a number
  // as a REAL: without the CASTs it walked every matching row (20 ms over 40,000 threads).
  async snippets(client, match, rowIds) {
    const rows = await client.$queryRaw<Array<{ rowId: number | bigint; snippet: string }>>`
      SELECT rowid AS "rowId", snippet("ThreadSearch", 0, ${MATCH_START}, ${MATCH_END}, ${ELLIPSIS}, ${SNIPPET_WORDS}) AS "snippet"
      FROM "ThreadSearch" WHERE "ThreadSearch" MATCH ${match.all}
        AND rowid BETWEEN CAST(${Math.min(...rowIds)} AS INTEGER) AND CAST(${Math.max(...rowIds)} AS INTEGER) AND +rowid IN (${Prisma.join(rowIds)})`;
    return new Map(rows.map((row) => [Number(row.rowId), row.snippet]));
  },
};
