/**
 * Full-text search over thread titles and entry text, on SQLite's FTS5 (the index and its
 * triggers are in the migration `thread_list`). What is searchable is written here too: the
 * store calls `indexEntries` where it writes entry rows (at their bounded rate, never per streamed
 * piece) and `indexTitle` where it writes a title. A PostgreSQL store would implement the same
 * three functions on its own full-text search.
 */
import type { ThreadEntry, ThreadMetadata } from '../../lib/protocol/acp-threads';
import type { SnippetPart } from '../../lib/protocol/thread-list';
import { Prisma, type PrismaClient } from './generated/client';
import { InvalidCursorError, type ThreadListRequest, type ThreadPage } from './thread-store';

/** The title's row in the search table; entries use their own position (from 0). */
export const TITLE_SEQ = -1;
/** Words of context around the match in a snippet. */
const SNIPPET_WORDS = 12;
/** Marks the matched words in FTS5's snippet; control characters never typed into a chat. */
const MATCH_START = '\u0002';
const MATCH_END = '\u0003';
const ELLIPSIS = '…';

type RawClient = Pick<PrismaClient, '$executeRaw' | '$queryRaw'>;

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

/**
 * The user's words as an FTS5 query: each word a quoted string (a `"` doubled inside), so that
 * FTS5's own syntax (`"`, `*`, `NEAR(`, `AND`, `-`, column filters) is only ever text; the last
 * word matches as a prefix, as one types. Words without a letter or digit match nothing and are
 * left out. Undefined when no word is left.
 */
export function toMatchQuery(query: string): string | undefined {
  const words = query.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
  if (words.length === 0) return undefined;
  const quoted = words.map((word) => `"${word.replaceAll('"', '""')}"`);
  return `${quoted.join(' ')}*`;
}

/** Writes the searchable text of these entries; unchanged text is not re-indexed. */
export async function indexEntries(client: RawClient, threadId: string, entries: ReadonlyArray<{ seq: number; entry: ThreadEntry }>) {
  const rows = entries.flatMap(({ seq, entry }) => {
    const text = searchableText(entry);
    return text ? [[seq, text] as [number, string]] : [];
  });
  if (rows.length > 0) await upsertTexts(client, threadId, rows);
}

export async function indexTitle(client: RawClient, threadId: string, title: string): Promise<void> {
  await upsertTexts(client, threadId, [[TITLE_SEQ, title]]);
}

async function upsertTexts(client: RawClient, threadId: string, rows: Array<[number, string]>): Promise<void> {
  // One statement for the batch; the WHERE keeps the FTS5 update trigger from firing for text that
  // did not change (a tool call whose status moved on).
  await client.$executeRaw`INSERT INTO "ThreadSearchText" ("threadId", "seq", "text")
    SELECT ${threadId}, value ->> 0, value ->> 1 FROM json_each(${JSON.stringify(rows)}) WHERE true
    ON CONFLICT ("threadId", "seq") DO UPDATE SET "text" = excluded."text" WHERE "text" <> excluded."text"`;
}

interface SearchHit {
  threadId: string;
  rowId: number | bigint;
  seq: number | bigint;
}

/**
 * The threads whose title or entries match `request.query`, best match first (FTS5's bm25, then
 * the most recently modified), each with its best-matching entry and a snippet of it. Pages by
 * offset: relevance has no key to seek on, and a search reads only the matching rows anyway.
 * Snippets are made for the page's rows alone, in a second query: making one costs far more than
 * ranking a row, and a common word matches most rows.
 */
export async function searchThreads(
  prisma: PrismaClient,
  request: ThreadListRequest & { query: string },
  limit: number | undefined,
  load: (ids: string[]) => Promise<ThreadMetadata[]>,
): Promise<ThreadPage> {
  const match = toMatchQuery(request.query);
  if (match === undefined) return { threads: [] };
  const offset = request.cursor === undefined ? 0 : decodeSearchCursor(request.cursor);
  // SQLite takes the other columns of a MIN() aggregate from the row that has the minimum: each
  // thread's best row, without a window over every hit. bm25() works only in the query that
  // matches, hence the materialised step.
  const hits = await prisma.$queryRaw<SearchHit[]>`
    WITH "hits" AS MATERIALIZED (
      SELECT "text"."threadId", "text"."id" AS "rowId", "text"."seq", bm25("ThreadSearch") AS "rank"
      FROM "ThreadSearch" JOIN "ThreadSearchText" AS "text" ON "text"."id" = "ThreadSearch".rowid
      WHERE "ThreadSearch" MATCH ${match}
    ), "best" AS (
      SELECT "threadId", "rowId", "seq", MIN("rank") AS "rank" FROM "hits" GROUP BY "threadId"
    )
    SELECT "best"."threadId", "best"."rowId", "best"."seq" FROM "best" JOIN "Thread" AS "thread" ON "thread"."id" = "best"."threadId"
    WHERE true ${filterSql(request)}
    ORDER BY "best"."rank", "thread"."modifiedAt" DESC, "thread"."id" DESC
    LIMIT ${limit === undefined ? -1 : limit + 1} OFFSET ${offset}`;
  const page = limit === undefined ? hits : hits.slice(0, limit);
  const snippets = await snippetsOf(prisma, match, page.map((hit) => Number(hit.rowId)));
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

async function snippetsOf(prisma: PrismaClient, match: string, rowIds: number[]): Promise<Map<number, string>> {
  if (rowIds.length === 0) return new Map();
  const rows = await prisma.$queryRaw<Array<{ rowId: number | bigint; snippet: string }>>`
    SELECT rowid AS "rowId", snippet("ThreadSearch", 0, ${MATCH_START}, ${MATCH_END}, ${ELLIPSIS}, ${SNIPPET_WORDS}) AS "snippet"
    FROM "ThreadSearch" WHERE "ThreadSearch" MATCH ${match} AND rowid IN (${Prisma.join(rowIds)})`;
  return new Map(rows.map((row) => [Number(row.rowId), row.snippet]));
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

/** FTS5's marked snippet as parts, the matched words flagged. */
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
