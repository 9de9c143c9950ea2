/**
 * What full-text search asks of a database (thread-search.ts): SQLite answers with FTS5
 * (thread-search-sqlite.ts), PostgreSQL with its text search types (thread-search-postgresql.ts).
 * Both answer in the same shape, so the store above them does not know which one it runs on.
 */
import type { Prisma, PrismaClient } from './generated/client';

export type RawClient = Pick<PrismaClient, '$executeRaw' | '$queryRaw'>;

/** A matching thread's best row in "ThreadSearchText". */
export interface SearchHit {
  threadId: string;
  rowId: number | bigint;
  seq: number | bigint;
}

/** Marks the matched words in a snippet; control characters never typed into a chat. */
export const MATCH_START = '\u0002';
export const MATCH_END = '\u0003';
export const ELLIPSIS = '…';
/** Words of context around the match in a snippet. */
export const SNIPPET_WORDS = 12;

/**
 * The user's words: split on white space; words without a letter or digit match nothing and are
 * left out. Each dialect quotes them for its own query syntax, so that syntax is only ever text.
 */
export function searchWords(query: string): string[] {
  return query.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
}

/**
 * The user's words as one database's query text: `all` requires every word (the last as a prefix),
 * `any` any one of them. Undefined when no row can match (a prefix no indexed word begins with).
 */
export interface SearchMatch {
  all: string;
  any: string;
}

export interface NewestHits {
  hits: SearchHit[];
  /** How many matching rows the window held, before the filter. */
  rowsTaken: number;
}

/** A window query's rows: every row carries the window's count; a window whose hits the filter all left has one row without a hit. */
export type NewestHitRow = {
  rowsTaken: number | bigint;
  threadId: string | null;
  rowId: number | bigint | null;
  seq: number | bigint | null;
};

export function newestHitsOf(rows: readonly NewestHitRow[]): NewestHits {
  return {
    hits: rows.flatMap(({ threadId, rowId, seq }) =>
      threadId === null || rowId === null || seq === null ? [] : [{ threadId, rowId, seq }],
    ),
    rowsTaken: Number(rows[0]?.rowsTaken ?? 0),
  };
}

export interface SearchDialect {
  /** Writes `[seq, text]` rows (one JSON parameter); a row whose text is unchanged is not rewritten. */
  upsertTexts(client: RawClient, threadId: string, rowsJson: string): Promise<number>;
  matchOf(client: RawClient, words: string[]): Promise<SearchMatch | undefined>;
  /** How many rows match `match.any`, counted no further than `atMost`: a common word costs no more than that. */
  countAnyRows(client: RawClient, match: SearchMatch, atMost: number): Promise<number>;
  /**
   * Every thread with a row matching `match.all`, each with its best-ranked row, best thread first,
   * then the most recently modified; `filter` is SQL over the alias "thread". Ranking costs what
   * each word's rows number, so it is asked only when countAnyRows found few.
   */
  bestHits(client: RawClient, match: SearchMatch, filter: Prisma.Sql): Promise<SearchHit[]>;
  /**
   * Among the newest `windowRows` rows matching `match.all`, each thread with its newest one,
   * newest first; `filter` as above. Costs what the window holds, however common the words.
   */
  newestHits(client: RawClient, match: SearchMatch, filter: Prisma.Sql, windowRows: number): Promise<NewestHits>;
  /** For each of these rows, its text around the match with the matched words marked (MATCH_START … MATCH_END). */
  snippets(client: RawClient, match: SearchMatch, rowIds: number[]): Promise<Map<number, string>>;
}
