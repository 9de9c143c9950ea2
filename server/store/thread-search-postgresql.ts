/**
 * Full-text search on PostgreSQL: "ThreadSearchText" rows matched through the GIN index on
 * to_tsvector('baton_search', "text") (migration `search_unaccent`), ranked with ts_rank, snippets
 * from ts_headline. Every query repeats the index's expression exactly, or the planner would not
 * use it. The 'baton_search' configuration is 'simple' (words lower-cased and kept whole: no
 * stemming, no stop words) after `unaccent`, so it folds accents as FTS5's unicode61 tokenizer
 * with remove_diacritics does.
 */
import { Prisma } from './generated/client';
import {
  ELLIPSIS,
  MATCH_END,
  MATCH_START,
  newestHitsOf,
  type NewestHitRow,
  SNIPPET_WORDS,
  type SearchDialect,
  type SearchHit,
} from './search-dialect';

/**
 * The words as to_tsquery input: each a quoted lexeme (`'` doubled, `\` escaped), so that the
 * query syntax (`&`, `|`, `!`, `<->`, `:*`, parentheses) is only ever text, joined by `operator`
 * (every word required, or any one), the last one a prefix. The parser still splits a quoted word at its punctuation, into lexemes
 * that must follow each other, as the text's own were split.
 */
export function toTsQuery(words: string[], operator: '&' | '|' = '&'): string {
  const quoted = words.map((word) => `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`);
  return `${quoted.join(` ${operator} `)}:*`;
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

  // No database work: the GIN index takes a prefix as it is.
  matchOf: async (_client, words) => ({ all: toTsQuery(words), any: toTsQuery(words, '|') }),

  async countAnyRows(client, match, atMost) {
    const [row] = await client.$queryRaw<Array<{ rows: number | bigint }>>`
      SELECT COUNT(*) AS "rows" FROM (
        SELECT 1 FROM "ThreadSearchText" AS "text"
        WHERE to_tsvector('baton_search'::regconfig, "text"."text") @@ to_tsquery('baton_search'::regconfig, ${match.any})
        LIMIT ${atMost}::integer
      ) AS "matching"`;
    return Number(row?.rows ?? 0);
  },

  // DISTINCT ON keeps each thread's first row in the order given: its best-ranked one.
  bestHits: (client, match, filter) =>
    client.$queryRaw<SearchHit[]>`
      WITH "best" AS (
        SELECT DISTINCT ON ("text"."threadId") "text"."threadId", "text"."id" AS "rowId", "text"."seq",
          ts_rank(to_tsvector('baton_search'::regconfig, "text"."text"), to_tsquery('baton_search'::regconfig, ${match.all}), ${RANK_BY_LENGTH}::integer) AS "rank"
        FROM "ThreadSearchText" AS "text"
        WHERE to_tsvector('baton_search'::regconfig, "text"."text") @@ to_tsquery('baton_search'::regconfig, ${match.all})
        ORDER BY "text"."threadId", "rank" DESC, "text"."seq"
      )
      SELECT "best"."threadId", "best"."rowId", "best"."seq"
      FROM "best" JOIN "Thread" AS "thread" ON "thread"."id" = "best"."threadId"
      WHERE true ${filter}
      ORDER BY "best"."rank" DESC, "thread"."modifiedAt" DESC, "thread"."id" DESC`,

  // DISTINCT ON with the id descending keeps each thread's newest row of the window. The outer LEFT
  // JOIN answers one row even when the filter leaves no thread, so that the window's size is told.
  async newestHits(client, match, filter, windowRows) {
    const rows = await client.$queryRaw<NewestHitRow[]>`
      WITH "recent" AS MATERIALIZED (
        SELECT "text"."threadId", "text"."id" AS "rowId", "text"."seq"
        FROM "ThreadSearchText" AS "text"
        WHERE to_tsvector('baton_search'::regconfig, "text"."text") @@ to_tsquery('baton_search'::regconfig, ${match.all})
        ORDER BY "text"."id" DESC LIMIT ${windowRows}::integer
      ), "newest" AS (
        SELECT DISTINCT ON ("recent"."threadId") "recent"."threadId", "recent"."rowId", "recent"."seq"
        FROM "recent" ORDER BY "recent"."threadId", "recent"."rowId" DESC
      )
      SELECT "taken"."rowsTaken", "hit"."threadId", "hit"."rowId", "hit"."seq"
      FROM (SELECT COUNT(*) AS "rowsTaken" FROM "recent") AS "taken" LEFT JOIN (
        SELECT "newest".* FROM "newest" JOIN "Thread" AS "thread" ON "thread"."id" = "newest"."threadId" WHERE true ${filter}
      ) AS "hit" ON true
      ORDER BY "hit"."rowId" DESC`;
    return newestHitsOf(rows);
  },

  // ts_headline adds no ellipsis where it cut the text; whether it did is told by comparing the
  // unmarked fragment with the text's ends, here, so that the long text never leaves the database.
  async snippets(client, match, rowIds) {
    const rows = await client.$queryRaw<Array<{ rowId: number; headline: string; atStart: boolean; atEnd: boolean }>>`
      WITH "headlines" AS (
        SELECT "id", "text", ts_headline('baton_search'::regconfig, "text", to_tsquery('baton_search'::regconfig, ${match.all}), ${HEADLINE_OPTIONS}) AS "headline"
        FROM "ThreadSearchText" WHERE "id" IN (${Prisma.join(rowIds)})
      ), "plain" AS (
        SELECT "id", "text", "headline", translate("headline", ${MATCH_START + MATCH_END}, '') AS "unmarked" FROM "headlines"
      )
      SELECT "id" AS "rowId", "headline", starts_with(ltrim("text"), ltrim("unmarked")) AS "atStart",
        right(rtrim("text"), length(rtrim("unmarked"))) = rtrim("unmarked") AS "atEnd"
      FROM "plain"`;
    return new Map(rows.map((row) => [Number(row.rowId), `${row.atStart ? '' : ELLIPSIS}${row.headline}${row.atEnd ? '' : ELLIPSIS}`]));
  },
};
