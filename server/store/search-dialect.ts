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

export interface RecentHits {
  hits: SearchHit[];
  rowsTaken: number;
  oldestRowId: number | undefined;
}

export interface OlderHitsRequest {
  beforeRowId: number | undefined;
  exceptThreadIds: string[];
  limit: number | null;
  offset: number;
}

export interface SearchDialect {
  /** Writes `[seq, text]` rows (one JSON parameter); a row whose text is unchanged is not rewritten. */
  upsertTexts(client: RawClient, threadId: string, rowsJson: string): Promise<number>;
  /**
   * Among the newest `windowRows` rows matching every word (the last as a prefix), each thread's
   * best-ranked row, best thread first, then the most recently modified; `filter` is SQL over the
   * alias "thread". With how many rows the window took and the id of its oldest (absent when no
   * thread was left).
   */
  recentBestHits(client: RawClient, words: string[], filter: Prisma.Sql, windowRows: number): Promise<RecentHits>;
  /**
   * The threads with a matching row older than `beforeRowId` (any, when absent) and not among
   * `exceptThreadIds`, each with its newest matching row, newest first; a null limit means all.
   */
  olderHits(client: RawClient, words: string[], filter: Prisma.Sql, older: OlderHitsRequest): Promise<SearchHit[]>;
  /** For each of these rows, its text around the match with the matched words marked (MATCH_START … MATCH_END). */
  snippets(client: RawClient, words: string[], rowIds: number[]): Promise<Map<number, string>>;
}
