/**
 * Pages of the audit list, newest first, by keyset as the thread list pages (thread-list-page.ts):
 * a cursor names the last action of a page by its (createdAt, id), and the next page is read from
 * the createdAt index. The cursor is opaque to clients.
 */
import { InvalidCursorError } from './invalid-cursor';

export interface AuditKey {
  createdAt: Date;
  id: number;
}

export function encodeAuditCursor(key: AuditKey): string {
  return Buffer.from(JSON.stringify([key.createdAt.toISOString(), key.id])).toString('base64url');
}

export function decodeAuditCursor(cursor: string): AuditKey {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch (error) {
    throw new InvalidCursorError(cursor, { cause: error, list: 'an audit list' });
  }
  const [createdAt, id] = Array.isArray(decoded) && decoded.length === 2 ? (decoded as unknown[]) : [];
  if (typeof createdAt !== 'string' || !Number.isSafeInteger(id) || Number.isNaN(Date.parse(createdAt))) {
    throw new InvalidCursorError(cursor, { list: 'an audit list' });
  }
  return { createdAt: new Date(createdAt), id: id as number };
}

/** The actions after `key` in list order (older, or as old and recorded before it). */
export function olderThan(key: AuditKey) {
  return {
    createdAt: { lte: key.createdAt },
    OR: [{ createdAt: { lt: key.createdAt } }, { id: { lt: key.id } }],
  };
}
