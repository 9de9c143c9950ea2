/**
 * Pages of the thread list, newest first, by keyset: a cursor names the last thread of a page by
 * its (modifiedAt, id), and the next page is read from the index on those two columns, so a page
 * costs the same at any history size. The cursor is opaque to clients.
 */
import { InvalidCursorError, type ThreadListRequest } from './thread-store';

/** A page never holds more than this, whatever a client asks. */
export const MAX_THREAD_PAGE = 500;

export interface ThreadListKey {
  modifiedAt: Date;
  id: string;
}

export function encodeCursor(key: ThreadListKey): string {
  return Buffer.from(JSON.stringify([key.modifiedAt.toISOString(), key.id])).toString('base64url');
}

export function decodeCursor(cursor: string): ThreadListKey {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch (error) {
    throw new InvalidCursorError(cursor, { cause: error });
  }
  if (!Array.isArray(decoded) || decoded.length !== 2) throw new InvalidCursorError(cursor);
  const [modifiedAt, id] = decoded as unknown[];
  if (typeof modifiedAt !== 'string' || typeof id !== 'string' || Number.isNaN(Date.parse(modifiedAt))) {
    throw new InvalidCursorError(cursor);
  }
  return { modifiedAt: new Date(modifiedAt), id };
}

/**
 * Threads after `key` in list order. The `lte` bound lets SQLite seek straight to the key in the
 * index; the OR alone would have it walk every newer thread first.
 */
export function afterKey(key: ThreadListKey) {
  return {
    modifiedAt: { lte: key.modifiedAt },
    OR: [{ modifiedAt: { lt: key.modifiedAt } }, { id: { lt: key.id } }],
  };
}

export const THREAD_LIST_ORDER = [{ modifiedAt: 'desc' as const }, { id: 'desc' as const }];

/** The list's filters as a Prisma `where`: never deleted threads; archived ones only when asked. */
export function listFilter(request: ThreadListRequest) {
  const ids = {
    ...(request.onlyIds === undefined ? {} : { in: [...request.onlyIds] }),
    ...(request.exceptIds === undefined || request.exceptIds.length === 0 ? {} : { notIn: [...request.exceptIds] }),
  };
  return {
    deletedAt: null,
    archivedAt: request.archived ? { not: null } : null,
    ...(request.agent === undefined ? {} : { agent: request.agent }),
    ...(Object.keys(ids).length === 0 ? {} : { id: ids }),
  };
}
