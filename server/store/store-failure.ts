/**
 * What to do when SQLite cannot write. better-sqlite3 is synchronous: while SQLite waits out
 * another process's write lock (its busy timeout), the relay's whole event loop waits with it,
 * and every tab with it. So the busy timeout is kept short and a locked write is retried here,
 * between waits that leave the event loop free, for a bounded time; a full disk is not retried.
 * Either way the failure comes out as a StoreWriteError whose message a user can act on.
 */
import { setTimeout as sleep } from 'node:timers/promises';

/** 'store-closed': the relay closed its store, which then opens the database no more (connect-once.ts). */
export type StoreWriteErrorCode = 'database-locked' | 'disk-full' | 'write-failed' | 'store-closed';

/** The store could not write; `message` is meant for the user. */
export class StoreWriteError extends Error {
  override readonly name = 'StoreWriteError';

  constructor(
    readonly code: StoreWriteErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** What every query of a closed store is refused with (connect-once.ts). */
export function storeClosedError(cause?: unknown): StoreWriteError {
  const message = 'The store is closed (the relay is stopping): nothing more is read from it or written to it.';
  return new StoreWriteError('store-closed', message, cause === undefined ? undefined : { cause });
}

/** How long a write keeps trying while another process holds the lock, in all. */
export const LOCKED_WRITE_PATIENCE_MS = 3_000;
const FIRST_RETRY_MS = 20;
const LONGEST_RETRY_MS = 250;

/** Runs `write`, again while the database is locked (up to `patienceMs`); throws StoreWriteError. */
export async function writeWithPatience<T>(write: () => Promise<T>, patienceMs = LOCKED_WRITE_PATIENCE_MS): Promise<T> {
  const deadline = Date.now() + patienceMs;
  for (let pause = FIRST_RETRY_MS; ; pause = Math.min(pause * 2, LONGEST_RETRY_MS)) {
    try {
      return await write();
    } catch (error) {
      const failure = storeWriteFailure(error);
      if (failure === undefined) throw error;
      if (failure.code !== 'database-locked' || Date.now() + pause > deadline) throw failure;
    }
    await sleep(pause);
  }
}

/**
 * The StoreWriteError an error from Prisma or SQLite stands for, or undefined for other errors
 * (a thread that does not exist, a bad entry), which are not the storage's fault.
 */
export function storeWriteFailure(error: unknown): StoreWriteError | undefined {
  if (error instanceof StoreWriteError) return error;
  const text = describeChain(error);
  // Prisma hands on the refusal of a closed store's connection with its code, in an error of its own.
  if (/\bstore-closed\b/.test(text)) return storeClosedError(error);
  if (/SQLITE_BUSY|SQLITE_LOCKED|database is locked|database table is locked|SocketTimeout/i.test(text)) {
    return new StoreWriteError(
      'database-locked',
      'Could not save the thread: the database is locked by another process (another Baton on the same data folder, or a tool holding baton.db open). Close it; the thread carries on once the lock is gone.',
      { cause: error },
    );
  }
  if (/SQLITE_FULL|disk is full|ENOSPC/i.test(text)) {
    return new StoreWriteError(
      'disk-full',
      'Could not save the thread: the disk is full. Free some space; the thread carries on once there is room.',
      { cause: error },
    );
  }
  if (/SQLITE_(IOERR|READONLY|CANTOPEN|CORRUPT|NOTADB)/i.test(text)) {
    return new StoreWriteError('write-failed', `Could not save the thread: ${firstLine(error)}`, { cause: error });
  }
  return undefined;
}

/** Messages and codes along the error's causes (Prisma keeps SQLite's code in `cause.originalCode`). */
function describeChain(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current !== undefined && current !== null; depth += 1) {
    if (typeof current !== 'object') {
      parts.push(String(current));
      break;
    }
    const record = current as Record<string, unknown>;
    for (const key of ['message', 'code', 'originalCode', 'originalMessage', 'kind']) {
      if (typeof record[key] === 'string') parts.push(record[key]);
    }
    if (record.meta !== undefined) parts.push(JSON.stringify(record.meta));
    current = record.cause;
  }
  return parts.join(' | ');
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.trim().split('\n').at(-1) ?? message;
}
