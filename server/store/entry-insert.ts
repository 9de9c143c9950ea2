/**
 * Writes entry rows in one statement whatever their number, as event-insert.ts does for events:
 * the database reads them from one JSON parameter. Each row is `[seq, type, data]`; a row already
 * at that position is replaced (a rewind rewrites the kept entries that lagged behind).
 */
import type { PrismaClient } from './generated/client';
import type { DatabaseTarget } from './database-target';

type RawClient = Pick<PrismaClient, '$executeRaw'>;

export type EntryUpsert = (client: RawClient, threadId: string, rowsJson: string, updatedAt: Date) => Promise<number>;

/** `WHERE true` tells SQLite's parser that ON CONFLICT belongs to the INSERT, not to a join. */
const upsertWithJsonEach: EntryUpsert = (client, threadId, rowsJson, updatedAt) =>
  client.$executeRaw`INSERT INTO "ThreadEntry" ("threadId", "seq", "type", "data", "updatedAt")
    SELECT ${threadId}, value ->> 0, value ->> 1, value ->> 2, ${updatedAt} FROM json_each(${rowsJson}) WHERE true
    ON CONFLICT ("threadId", "seq") DO UPDATE SET "type" = excluded."type", "data" = excluded."data", "updatedAt" = excluded."updatedAt"`;

/** PostgreSQL's json_array_elements is SQLite's json_each; its ->> answers text, so seq is cast. */
const upsertWithJsonArrayElements: EntryUpsert = (client, threadId, rowsJson, updatedAt) =>
  client.$executeRaw`INSERT INTO "ThreadEntry" ("threadId", "seq", "type", "data", "updatedAt")
    SELECT ${threadId}, (value ->> 0)::integer, value ->> 1, value ->> 2, ${updatedAt} FROM json_array_elements(${rowsJson}::json)
    ON CONFLICT ("threadId", "seq") DO UPDATE SET "type" = excluded."type", "data" = excluded."data", "updatedAt" = excluded."updatedAt"`;

export function entryUpsertFor(kind: DatabaseTarget['kind']): EntryUpsert {
  return kind === 'sqlite' ? upsertWithJsonEach : upsertWithJsonArrayElements;
}
