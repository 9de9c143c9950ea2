/**
 * Full-text search over thread titles and entry text, on either database (its dialect:
 * search-dialect.ts). What is searchable is written here too: the store calls `indexEntries` where
 * it writes entry rows (at their bounded rate, never per streamed piece), `indexTitle` where it
 * writes a title, and `forgetEntriesFrom` where it removes entry rows.
 */
import type { ThreadEntry, ThreadMetadata } from '../../lib/protocol/thread-model';
import type { SnippetPart } from '../../lib/protocol/thread-list';
import type { DatabaseTarget } from './database-target';
import { Prisma } from './generated/client';
import {
  MATCH_END,
  MATCH_START,
  searchWords,
  type RawClient,
  type SearchDialect,
  type SearchHit,
  type SearchMatch,
} from './search-dialect';
import { postgresqlSearch } from './thread-search-postgresql';
import { sqliteSearch } from './thread-search-sqlite';
import { InvalidCursorError, type ThreadListRequest, type ThreadPage } from './thread-store';

export { toMatchQuery } from './thread-search-sqlite';

/** The title's row in the search table; entries use their own position (from 0). */
export const TITLE_SEQ = -1;

/** The text a search finds an entry by; undefined for entries with none (a hand-over note). */
export function searchableText(entry: ThreadEntry): string | undefined {
  switch (entry.type) {
    case 'message':
      return entry.chunks.map((chunk) => chunk.chunk).join('');
    case 'reasoning':
      return entry.text;
    case 'toolCall':
      return [entry.name, entry.summary, entry.argumentsText].filter(Boolean).join(' ');
    case 'readFile':
      return entry.path;
    case 'link':
      return `${entry.title} ${entry.url}`;
    case 'elicitation':
      return [entry.message, entry.url].filter(Boolean).join(' ');
    case 'handOver':
    case 'turnSummary':
      return undefined;
    default: {
      const unreachable: never = entry;
      return unreachable;
    }
  }
}

/** The entries' search rows as the JSON `[[seq, text], ...]` the dialects' upsertTexts takes; undefined when none has text. */
export function searchRowsJson(entries: ReadonlyArray<{ seq: number; entry: ThreadEntry }>): string | undefined {
  const rows = entries.flatMap(({ seq, entry }) => {
    const text = searchableText(entry);
    return text ? [[seq, text] as [number, string]] : [];
  });
  return rows.length > 0 ? JSON.stringify(rows) : undefined;
}

export interface ThreadSearch {
  /** Writes the searchable text of these entries; unchanged text is not re-indexed. */
  indexEntries(client: RawClient, threadId: string, entries: ReadonlyArray<{ seq: number; entry: ThreadEntry }>): Promise<void>;
  indexTitle(client: RawClient, threadId: string, title: string): Promise<void>;
  /** Forgets the text of the entries from `seq` on (a rewind removed them); the title stays. */
  forgetEntriesFrom(client: RawClient, threadId: string, seq: number): Promise<void>;
  /**
   * The threads whose title or entries match `request.query`, each with its matching entry and a
   * snippet of it (see orderedHits for the order). Pages by offset: relevance has no key to seek
   * on. Snippets are made for the page's rows alone, in a second query: making one costs far more
   * than finding a row, and a common word matches most rows.
   */
  searchThreads(
    client: RawClient,
    request: ThreadListRequest & { query: string },
    limit: number | undefined,
    load: (ids: string[]) => Promise<ThreadMetadata[]>,
  ): Promise<ThreadPage>;
}

/**
 * Up to how many rows matching any of the words a search ranks best first. Ranking (bm25, ts_rank)
 * weighs each word by how many rows hold it, which it counts row by row: a common word's count
 * cost about 200 ms over 10,000 threads and grew with the history. Past this, newest first.
 */
export const RANKED_ROWS_AT_MOST = 2_000;

/** The first window of newest matching rows a newest-first search reads; each next one is 4 times larger. */
export const SEARCH_WINDOW_ROWS = 2_000;
const WINDOW_GROWTH = 4;

export function threadSearchFor(kind: DatabaseTarget['kind']): ThreadSearch {
  const dialect = kind === 'sqlite' ? sqliteSearch : postgresqlSearch;
  return {
    async indexEntries(client, threadId, entries) {
      const rows = searchRowsJson(entries);
      if (rows !== undefined) await dialect.upsertTexts(client, threadId, rows);
    },
    async indexTitle(client, threadId, title) {
      await dialect.upsertTexts(client, threadId, JSON.stringify([[TITLE_SEQ, title]]));
    },
    async forgetEntriesFrom(client, threadId, seq) {
      await client.$executeRaw`DELETE FROM "ThreadSearchText" WHERE "threadId" = ${threadId} AND "seq" >= ${Math.max(seq, 0)}`;
    },
    searchThreads: (client, request, limit, load) => searchWith(dialect, client, request, limit, load),
  };
}

async function searchWith(
  dialect: SearchDialect,
  client: RawClient,
  request: ThreadListRequest & { query: string },
  limit: number | undefined,
  load: (ids: string[]) => Promise<ThreadMetadata[]>,
): Promise<ThreadPage> {
  const words = searchWords(request.query);
  const offset = request.cursor === undefined ? 0 : decodeSearchCursor(request.cursor);
  const match = words.length === 0 ? undefined : await dialect.matchOf(client, words);
  if (match === undefined) return { threads: [] };
  const hits = await orderedHits(dialect, client, match, filterSql(request), { limit: limit === undefined ? null : limit + 1, offset });
  const page = limit === undefined ? hits : hits.slice(0, limit);
  const rowIds = page.map((hit) => Number(hit.rowId));
  const snippets = rowIds.length === 0 ? new Map<number, string>() : await dialect.snippets(client, match, rowIds);
  const byId = new Map((await load(page.map((hit) => hit.threadId))).map((thread) => [thread.id, thread]));
  const threads = page.flatMap((hit) => {
    const thread = byId.get(hit.threadId);
    if (!thread) return [];
    const seq = Number(hit.seq);
    return [{ ...thread, match: { ...(seq === TITLE_SEQ ? {} : { seq }), snippet: snippetParts(snippets.get(Number(hit.rowId)) ?? '') } }];
  });
  const hasMore = limit !== undefined && hits.length > limit;
  return { threads, ...(hasMore ? { nextCursor: encodeSearchCursor(offset + limit) } : {}) };
}

/**
 * The page of `offset`..`offset + limit`. When few rows hold any of the words (at most
 * RANKED_ROWS_AT_MOST), every matching thread ranked, best match first (then the most recently
 * modified), with its best-matching entry. Otherwise the threads by their newest matching row,
 * newest first, with that entry: read from a window of the newest matching rows, which holds every
 * thread with a row in it, in the right order, ahead of every thread without; the window grows
 * until it holds the page or every matching row. Either order is the same on every page, so offset
 * paging neither repeats nor skips a thread.
 */
async function orderedHits(
  dialect: SearchDialect,
  client: RawClient,
  match: SearchMatch,
  filter: Prisma.Sql,
  { limit, offset }: { limit: number | null; offset: number },
): Promise<SearchHit[]> {
  const end = limit === null ? Infinity : offset + limit;
  if ((await dialect.countAnyRows(client, match, RANKED_ROWS_AT_MOST + 1)) <= RANKED_ROWS_AT_MOST) {
    return (await dialect.bestHits(client, match, filter)).slice(offset, end);
  }
  for (let windowRows = SEARCH_WINDOW_ROWS; ; windowRows *= WINDOW_GROWTH) {
    const recent = await dialect.newestHits(client, match, filter, windowRows);
    if (recent.hits.length >= end || recent.rowsTaken < windowRows) return recent.hits.slice(offset, end);
  }
}
/** The list's filters as SQL over the alias "thread"; values are always bound, never spliced. */
function filterSql(request: ThreadListRequest): Prisma.Sql {
  const conditions: Prisma.Sql[] = [Prisma.sql`"thread"."deletedAt" IS NULL`];
  conditions.push(request.archived ? Prisma.sql`"thread"."archivedAt" IS NOT NULL` : Prisma.sql`"thread"."archivedAt" IS NULL`);
  if (request.agent !== undefined) conditions.push(Prisma.sql`"thread"."agent" = ${request.agent}`);
  if (request.onlyIds !== undefined) {
    conditions.push(request.onlyIds.length === 0 ? Prisma.sql`false` : Prisma.sql`"thread"."id" IN (${Prisma.join(request.onlyIds)})`);
  }
  if (request.exceptIds !== undefined && request.exceptIds.length > 0) {
    conditions.push(Prisma.sql`"thread"."id" NOT IN (${Prisma.join(request.exceptIds)})`);
  }
  return Prisma.sql`AND ${Prisma.join(conditions, ' AND ')}`;
}

/** A marked snippet as parts, the matched words flagged. */
export function snippetParts(marked: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  for (const [index, piece] of marked.split(MATCH_START).entries()) {
    const [matched, rest] = index === 0 ? [undefined, piece] : splitOnce(piece, MATCH_END);
    if (matched) parts.push({ text: matched, match: true });
    if (rest) parts.push({ text: rest, match: false });
  }
  return parts;
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator);
  return at === -1 ? [text, ''] : [text.slice(0, at), text.slice(at + separator.length)];
}

const SEARCH_CURSOR_TAG = 'search';

function encodeSearchCursor(offset: number): string {
  return Buffer.from(JSON.stringify([SEARCH_CURSOR_TAG, offset])).toString('base64url');
}

function decodeSearchCursor(cursor: string): number {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch (error) {
    throw new InvalidCursorError(cursor, { cause: error });
  }
  if (!Array.isArray(decoded) || decoded[0] !== SEARCH_CURSOR_TAG || !Number.isSafeInteger(decoded[1]) || decoded[1] < 0) {
    throw new InvalidCursorError(cursor);
  }
  return decoded[1] as number;
}
