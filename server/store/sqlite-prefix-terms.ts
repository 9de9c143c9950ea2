/**
 * The whole terms a search's last word stands for as a prefix, on SQLite. FTS5 answers `"pipe"*`
 * by merging the rows of every term that begins so into one list before it returns any row, so a
 * common word's prefix costs more the longer the history; `("pipeline" OR "pipes")` it walks lazily,
 * newest row first, and stops at a LIMIT. The terms come from the fts5vocab table
 * "ThreadSearchTerms" (migration search_terms), one seek each.
 */
import type { RawClient } from './search-dialect';

/** Past this many terms the prefix is left to FTS5 (a word of one or two letters, as one starts typing). */
export const PREFIX_TERMS_AT_MOST = 32;

/**
 * The last token of a word FTS5's unicode61 tokenizer would make, lower-cased, and where it starts;
 * undefined unless the word is printable ASCII (letters and digits are its token characters there,
 * everything else separates). Other words keep FTS5's own prefix: their folding is FTS5's to do.
 */
export function lastAsciiToken(word: string): { start: number; token: string } | undefined {
  if (!/^[\x21-\x7e]+$/.test(word)) return undefined;
  const last = /[A-Za-z0-9]+(?=[^A-Za-z0-9]*$)/.exec(word);
  return last === null ? undefined : { start: last.index, token: last[0].toLowerCase() };
}

/**
 * The terms of the index that begin with `prefix` (lower-case ASCII), in order; undefined when there
 * are more than `atMost`. Each step seeks the first term after the one before: the table holds one
 * row per occurrence, and `term >= x` is the constraint it seeks on (no control character is ever
 * part of a term, so `term || char(1)` is the least string after it). The index yields terms in
 * order, hence LIMIT 1 is the next term.
 */
export async function termsWithPrefix(client: RawClient, prefix: string, atMost = PREFIX_TERMS_AT_MOST): Promise<string[] | undefined> {
  const rows = await client.$queryRaw<Array<{ term: string }>>`
    WITH RECURSIVE "following"("term") AS (
      SELECT (SELECT "term" FROM "ThreadSearchTerms" WHERE "term" >= ${prefix} LIMIT 1)
      UNION ALL
      SELECT (SELECT "term" FROM "ThreadSearchTerms" WHERE "term" >= "following"."term" || char(1) LIMIT 1)
      FROM "following" WHERE substr("following"."term", 1, ${prefix.length}) = ${prefix}
      LIMIT ${atMost + 2}
    )
    SELECT "term" FROM "following" WHERE substr("term", 1, ${prefix.length}) = ${prefix}`;
  return rows.length > atMost ? undefined : rows.map((row) => row.term);
}
