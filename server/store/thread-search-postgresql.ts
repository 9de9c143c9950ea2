/**
 * Full-text search on PostgreSQL: "ThreadSearchText" rows matched through the GIN index on
 * to_tsvector('baton_search', "text") (migration `search_unaccent`), ranked with ts_rank, snippets
 * from ts_headline. Every query repeats the index's expression exactly, or the planner would not
 * use it. The 'baton_search' configuration is 'simple' (words lower-cased and kept whole: no
 * stemming, no stop words) after `unaccent`, so it folds accents as FTS5's unicode61 tokenizer
 * with remove_diacritics does.
 */
import { Prisma } from './generated/client';
import { ELLIPSIS, MATCH_END, MATCH_START, SNIPPET_WORDS, type SearchDialect, type SearchHit } from './search-dialect';

/**
 * The words as to_tsquery input: each a quoted lexeme (`'` doubled, `\` escaped), so that the
 * query syntax (`&`, `|`, `!`, `<->`, `:*`, parentheses) is only ever text, all of them required,
 * the last one a prefix. The parser still splits a quoted word at its punctuation, into lexemes
 * that must follow each other, as the text's own were split.
 */
export function toTsQuery(words: string[]): string {
  const quoted = words.map((word) => `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`);
  return `${quoted.join(' & ')}:*`;
}

/** Divides a row's rank by its length in words, as bm25 favours the short row (a title) that matches. */
const RANK_BY_LENGTH = 2;

/**
 * ts_headline's options: one fragment around the best match, marked as FTS5's snippet() marks it.
 * In fragment mode ts_headline counts the spaces between words as words, hence twice the words.
 */
const HEADLINE_OPTIONS = `StartSel=${MATCH_START}, StopSel=${MATCH_END}, MaxFragments=1, MaxWords=${2 * SNIPPET_WORDS}, MinWords=${SNIPPET_WORDS}, ShortWord=0`;

export const postgresqlSearch: SearchDialect = {
  // Only a changed text is rewritten: an unchanged one would cost a new row version and index entry.
  upsertTexts: (client, threadId, rowsJson) =>
    client.$executeRaw`INSERT INTO "ThreadSearchText" ("threadId", "seq", "text")
      SELECT ${threadId}, (value ->> 0)::integer, value ->> 1 FROM json_array_elements(${rowsJson}::json)
      ON CONFLICT ("threadId", "seq") DO UPDATE SET "text" = excluded."text" WHERE "ThreadSearchText"."text" <> excluded."text"`,

  // The window is taken by id before anything is ranked, so ts_rank (which parses each row's text
  // again) runs on the window's rows only. DISTINCT ON keeps each thread's first row in the order
  // given: its best-ranked one.
  async recentBestHits(client, words, filter, windowRows) {
    const rows = await client.$queryRaw<Array<SearchHit & { rowsTaken: number | bigint; oldestRowId: number | bigint }>>`
      WITH "recent" AS MATERIALIZED (
        SELECT "text"."threadId", "text"."id" AS "rowId", "text"."seq", "text"."text"
        FROM "ThreadSearchText" AS "text"
        WHERE to_tsvector('baton_search'::regconfig, "text"."text") @@ to_tsquery('baton_search'::regconfig, ${toTsQuery(words)})
        ORDER BY "text"."id" DESC LIMIT ${windowRows}::integer
      ), "best" AS (
        SELECT DISTINCT ON ("recent"."threadId") "recent"."threadId", "recent"."rowId", "recent"."seq",
          ts_rank(to_tsvector('baton_search'::regconfig, "recent"."text"), to_tsquery('baton_search'::regconfig, ${toTsQuery(words)}), ${RANK_BY_LENGTH}::integer) AS "rank"
        FROM "recent"
        ORDER BY "recent"."threadId", "rank" DESC, "recent"."seq"
      )
      SELECT "best"."threadId", "best"."rowId", "best"."seq",
        (SELECT COUNT(*) FROM "recent") AS "rowsTaken", (SELECT MIN("rowId") FROM "recent") AS "oldestRowId"
      FROM "best" JOIN "Thread" AS "thread" ON "thread"."id" = "best"."threadId"
      WHERE true ${filter}
      ORDER BY "best"."rank" DESC, "thread"."modifiedAt" DESC, "thread"."id" DESC`;
    return {
      hits: rows.map(({ threadId, rowId, seq }) => ({ threadId, rowId, seq })),
      rowsTaken: Number(rows[0]?.rowsTaken ?? 0),
      oldestRowId: rows[0] === undefined ? undefined : Number(rows[0].oldestRowId),
    };
  },

  // DISTINCT ON with the id descending keeps each thread's newest matching row.
  olderHits: (client, words, filter, { beforeRowId, exceptThreadIds, limit, offset }) =>
    client.$queryRaw<SearchHit[]>`
      WITH "older" AS (
        SELECT DISTINCT ON ("text"."threadId") "text"."threadId", "text"."id" AS "rowId", "text"."seq"
        FROM "ThreadSearchText" AS "text"
        WHERE to_tsvector('baton_search'::regconfig, "text"."text") @@ to_tsquery('baton_search'::regconfig, ${toTsQuery(words)})
          AND "text"."id" < ${beforeRowId ?? 2 ** 31 - 1}::integer
          AND "text"."threadId" NOT IN (SELECT json_array_elements_text(${JSON.stringify(exceptThreadIds)}::json))
        ORDER BY "text"."threadId", "text"."id" DESC
      )
      SELECT "older"."threadId", "older"."rowId", "older"."seq" FROM "older" JOIN "Thread" AS "thread" ON "thread"."id" = "older"."threadId"
      WHERE true ${filter}
      ORDER BY "older"."rowId" DESC
      LIMIT ${limit}::integer OFFSET ${offset}::integer`,

  // ts_headline adds no ellipsis where it cut the text; whether it did is told by comparing the
  // unmarked fragment with the text's ends, here, so that the long text never leaves the database.
  async snippets(client, words, rowIds) {
    const rows = await client.$queryRaw<Array<{ rowId: number; headline: string; atStart: boolean; atEnd: boolean }>>`
      WITH "headlines" AS (
        SELECT "id", "text", ts_headline('baton_search'::regconfig, "text", to_tsquery('baton_search'::regconfig, ${toTsQuery(words)}), ${HEADLINE_OPTIONS}) AS "headline"
        FROM "ThreadSearchText" WHERE "id" IN (${Prisma.join(rowIds)})
      ), "plain" AS (
        SELECT "id", "text", "headline", translate("headline", ${MATCH_START + MATCH_END}, '') AS "unmarked" FROM "headlines"
      )
      SELECT "id" AS "rowId", "headline", starts_with(ltrim("text"), ltrim("unmarked")) AS "atStart",
        right(rtrim("text"), length(rtrim("unmarked"))) = rtrim("unmarked") AS "atEnd"
      FROM "plain"`;
    return new Map(
      rows.map((row) => [Number(row.rowId), `${row.atStart ? '' : ELLIPSIS}${row.headline}${row.atEnd ? '' : ELLIPSIS}`]),
    );
  },
};
