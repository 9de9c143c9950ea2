/**
 * Inserts a batch of events in one statement whatever its size: the database reads the rows from
 * one JSON parameter. Prisma's createMany, or a VALUES list, costs ten to a hundred times more
 * per row on SQLite. Each row is `[seq, role, type, content]`.
 */
import type { PrismaClient } from './generated/client';
import type { DatabaseTarget } from './database-target';

type RawClient = Pick<PrismaClient, '$executeRaw'>;

export type EventInsert = (client: RawClient, threadId: string, rowsJson: string, createdAt: Date) => Promise<number>;

const insertWithJsonEach: EventInsert = (client, threadId, rowsJson, createdAt) =>
  client.$executeRaw`INSERT INTO "ThreadEvent" ("threadId", "seq", "role", "type", "content", "createdAt")
    SELECT ${threadId}, value ->> 0, value ->> 1, value ->> 2, value ->> 3, ${createdAt} FROM json_each(${rowsJson})`;

/** PostgreSQL's json_array_elements is SQLite's json_each; its ->> answers text, so seq is cast. */
const insertWithJsonArrayElements: EventInsert = (client, threadId, rowsJson, createdAt) =>
  client.$executeRaw`INSERT INTO "ThreadEvent" ("threadId", "seq", "role", "type", "content", "createdAt")
    SELECT ${threadId}, (value ->> 0)::integer, value ->> 1, value ->> 2, value ->> 3, ${createdAt}
    FROM json_array_elements(${rowsJson}::json)`;

export function eventInsertFor(kind: DatabaseTarget['kind']): EventInsert {
  return kind === 'sqlite' ? insertWithJsonEach : insertWithJsonArrayElements;
}
