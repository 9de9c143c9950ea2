/**
 * A thread's last event of a type that has a partial index of its own (migration
 * event_type_partial_indexes): the last `progress` (is a turn running?) and the last `usage` (what
 * the thread has cost). Only these two are looked up by type, so only their rows are indexed by
 * it; an index of every event's type cost every streamed piece's new row a page of its own in the
 * write-ahead log. SQLite takes a partial index only for a query whose WHERE has the index's own
 * terms, written the same, so the types here are literals in the text, never bound values.
 * https://www.sqlite.org/partialindex.html#queries_using_partial_indexes
 */
import type { SqlTag } from './event-statements';

export const INDEXED_EVENT_TYPES = ['progress', 'usage'] as const;
export type IndexedEventType = (typeof INDEXED_EVENT_TYPES)[number];

/** The partial indexes' names, as the migration made them; the Prisma schema cannot say them (scripts/create-migration.ts). */
export const EVENT_TYPE_INDEXES = INDEXED_EVENT_TYPES.map((type) => `ThreadEvent_${type}_idx`);

export function isIndexedEventType(type: string): type is IndexedEventType {
  return (INDEXED_EVENT_TYPES as readonly string[]).includes(type);
}

/** The row of the thread's last event of `type` (or of a run of them), as the partial index of that type serves it. */
export function lastEventOfType<Sql>(sql: SqlTag<Sql>, threadId: unknown, type: IndexedEventType): Sql {
  return type === 'progress'
    ? sql`SELECT "seq", "role", "type", "content" FROM "ThreadEvent"
        WHERE "threadId" = ${threadId} AND "type" IN ('progress', 'run:progress') ORDER BY "seq" DESC LIMIT 1`
    : sql`SELECT "seq", "role", "type", "content" FROM "ThreadEvent"
        WHERE "threadId" = ${threadId} AND "type" IN ('usage', 'run:usage') ORDER BY "seq" DESC LIMIT 1`;
}
