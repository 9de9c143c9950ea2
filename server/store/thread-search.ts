/**
 * Full-text search over thread titles and entry text, on either database (its dialect:
 * search-dialect.ts). What is searchable is written here too: the store calls `indexEntries` where
 * it writes entry rows (at their bounded rate, never per streamed piece), `indexTitle` where it
 * writes a title, and `forgetEntriesFrom` where it removes entry rows.
 */
import type { ThreadEntry, ThreadMetadata } from '../../lib/protocol/acp-threads';
import type { SnippetPart } from '../../lib/protocol/thread-list';
import type { DatabaseTarget } from './database-target';
import { Prisma } from './generated/client';
import { MATCH_END, MATCH_START, searchWords, type RawClient, type SearchDialect, type SearchHit } from './search-dialect';
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
    case 'handOver':
    case 'turnSummary':
      return undefined;
    default: {
      const unreachable: never = entry;
      return unreachable;
    }
  }
}

export interface ThreadSearch {
  /** Writes the searchable text of these entries; unchanged text is not re-indexed. */
  indexEntries(client: RawClient, threadId: string, entries: ReadonlyArray<{ seq: number; entry: ThreadEntry }>): Promise<void>;
  indexTitle(client: RawClient, threadId: string, title: string): Promise<void>;
  /** Forgets the text of the entries from `seq` on (a rewind removed them); the title stays. */
  forgetEntriesFrom(client: RawClient, threadId: string, seq: number): Promise<void>;
  /**
   * The threads whose title or entries match `request.query`, best match first, then the most
   * recently modified (among the newest matching rows: see rankedHits), each with its
   * best-matching entry and a snippet of it. Pages by offset:
   * relevance has no key to seek on, and a search reads only the matching rows anyway. Snippets
   * are made for the page's rows alone, in a second query: making one costs far more than
   * ranking a row, and a common word matches most rows.
   */
  searchThreads(
    client: RawClient,
    request: ThreadListRequest & { query: string },
    limit: number | undefined,
    load: (ids: string[]) => Promise<ThreadMetadata[]>,
  ): Promise<ThreadPage>;
}

/**
 * How many of the newest matching rows a search ranks. A common word matches most rows of every
 * thread, and ranking them all cost about 200 ms over 10,000 threads; the newest rows are where
 * a search is most likely aimed, and the first pages come from them alone.
 */
export const SEARCH_WINDOW_ROWS = 2_000;

export function threadSearchFor(kind: DatabaseTarget['kind'], windowRows = SEARCH_WINDOW_ROWS): ThreadSearch {
  const dialect = kind === 'sqlite' ? sqliteSearch : postgresqlSearch;
  return {
    async indexEntries(client, threadId, entries) {
      const rows = entries.flatMap(({ seq, entry }) => {
        const text = searchableText(entry);
        return text ? [[seq, text] as [number, string]] : [];
      });
      if (rows.length > 0) await dialect.upsertTexts(client, threadId, JSON.stringify(rows));
    },
    async indexTitle(client, threadId, title) {
      await dialect.upsertTexts(client, threadId, JSON.stringify([[TITLE_SEQ, title]]));
    },
    async forgetEntriesFrom(client, threadId, seq) {
      await client.$executeRaw`DELETE FROM "ThreadSearchText" WHERE "threadId" = ${threadId} AND "seq" >= ${Math.max(seq, 0)}`;
    },
    searchThreads: (client, request, limit, load) => searchWith(dialect, client, request, limit, load, windowRows),
  };
}

async function searchWith(
  dialect: SearchDialect,
  client: RawClient,
  request: ThreadListRequest & { query: string },
  limit: number | undefined,
  load: (ids: string[]) => Promise<ThreadMetadata[]>,
  windowRows: number,
): Promise<ThreadPage> {
  const words = searchWords(request.query);
  if (words.length === 0) return { threads: [] };
  const offset = request.cursor === undefined ? 0 : decodeSearchCursor(request.cursor);
  const hits = await rankedHits(dialect, client, words, filterSql(request), { limit: limit === undefined ? null : limit + 1, offset }, windowRows);
  const page = limit === undefined ? hits : hits.slice(0, limit);
  const rowIds = page.map((hit) => Number(hit.rowId));
  const snippets = rowIds.length === 0 ? new Map<number, string>() : await dialect.snippets(client, words, rowIds);
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
 * The page of `offset`..`offset + limit` in this order: first the threads with a match among the
 * newest `windowRows` matching rows, best match first (then the most recently modified); after
 * them, once the window is spent, the threads whose every match is older, newest match first,
 * unranked. With fewer matching rows than the window every thread is ranked, as before. The order
 * is the same on every page, so offset paging neither repeats nor skips a thread.
 */
async function rankedHits(
  dialect: SearchDialect,
  client: RawClient,
  words: string[],
  filter: Prisma.Sql,
  { limit, offset }: { limit: number | null; offset: number },
  windowRows: number,
): Promise<SearchHit[]> {
  const recent = await dialect.recentBestHits(client, words, filter, windowRows);
  const end = limit === null ? Infinity : offset + limit;
  // No thread left after the filter says nothing of the window's size: look further, to be sure.
  const windowFull = recent.hits.length === 0 || recent.rowsTaken >= windowRows;
  if (recent.hits.length >= end || !windowFull) return recent.hits.slice(offset, end);
  const olderOffset = Math.max(0, offset - recent.hits.length);
  const older = await dialect.olderHits(client, words, filter, {
    beforeRowId: recent.oldestRowId,
    exceptThreadIds: recent.hits.map((hit) => hit.threadId),
    limit: limit === null ? null : end - Math.max(offset, recent.hits.length),
    offset: olderOffset,
  });
  return [...recent.hits.slice(offset), ...older];
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
