/**
 * A PrismaClient on a SQLite file, with the per-connection settings the store relies on.
 */
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import Database from 'better-sqlite3';
import { PrismaClient } from './generated/client';
import { connectOnce } from './connect-once';
import { TRANSACTION_OPTIONS } from './transaction-options';

/**
 * How long SQLite itself waits for another connection's lock before SQLITE_BUSY. better-sqlite3
 * waits on the event loop's thread, so this is kept short; writes wait longer, off the event
 * loop, in store-failure.ts.
 */
export const BUSY_TIMEOUT_MS = 100;

/**
 * Per-connection settings, each read back after it is set, because SQLite ignores what it
 * cannot do (a network filesystem, for one, silently keeps journal_mode=delete).
 * - WAL lets readers (another tab's history load) run while the recorder writes.
 * - busy_timeout: short (see BUSY_TIMEOUT_MS); better-sqlite3's own default, 5000, would stall
 *   every tab for 5 s at each locked write.
 * - synchronous=NORMAL is safe with WAL: a commit can be lost only on power failure or an OS
 *   crash, never corrupt the database, and a crash of the relay itself loses nothing; FULL would
 *   add an fsync to every streamed entry. https://www.sqlite.org/pragma.html#pragma_synchronous
 *   The connection that first switches a file to WAL would otherwise stay at FULL.
 * - foreign_keys: the schema's onDelete: Cascade and the entry-to-thread reference depend on it;
 *   better-sqlite3 is built with it on, another SQLite build may not be.
 */
const PRAGMAS = [
  { name: 'journal_mode', value: 'WAL', expected: 'wal' },
  { name: 'busy_timeout', value: String(BUSY_TIMEOUT_MS), expected: String(BUSY_TIMEOUT_MS) },
  { name: 'synchronous', value: 'NORMAL', expected: '1' },
  { name: 'foreign_keys', value: 'ON', expected: '1' },
] as const;

/**
 * Reads a pragma as a string: SQLite answers one row of one column, a number or a word.
 * `name` goes into the SQL as is: pass a constant, never input.
 */
export async function readPragma(prisma: PrismaClient, name: string): Promise<string> {
  const rows = await prisma.$queryRawUnsafe<Record<string, unknown>[]>(`PRAGMA ${name}`);
  const value = rows[0] === undefined ? undefined : Object.values(rows[0])[0];
  return String(value).toLowerCase();
}

async function configureConnection(prisma: PrismaClient, databaseFile: string): Promise<void> {
  for (const pragma of PRAGMAS) {
    await prisma.$queryRawUnsafe(`PRAGMA ${pragma.name} = ${pragma.value}`);
    const actual = await readPragma(prisma, pragma.name);
    if (actual !== pragma.expected) {
      throw new Error(`SQLite refused PRAGMA ${pragma.name} = ${pragma.value} on ${databaseFile} (it is ${actual})`);
    }
  }
}

/**
 * The adapter's factory, keeping the better-sqlite3 connection of the adapter it makes: the store
 * runs its streaming writes on it as prepared statements (sqlite-stream-writes.ts). The adapter
 * keeps it as `client`; an adapter that stops doing so leaves `driver` undefined, and the store
 * writes through Prisma as before.
 */
class DriverKeepingAdapter extends PrismaBetterSqlite3 {
  driver: Database.Database | undefined;

  override async connect(): ReturnType<PrismaBetterSqlite3['connect']> {
    const adapter = await super.connect();
    const client: unknown = (adapter as { client?: unknown }).client;
    this.driver = client instanceof Database ? client : undefined;
    return adapter;
  }
}

export interface SqliteConnection {
  prisma: PrismaClient;
  /** The same connection as better-sqlite3 sees it, when the adapter lets it be reached. */
  driver: Database.Database | undefined;
}

/**
 * A PrismaClient on this SQLite file with the pragmas above in force. One adapter is one
 * better-sqlite3 connection, so they hold for every query until the client is disconnected; a
 * disconnected client opens the file no more (connect-once.ts).
 */
export async function openSqlite(databaseFile: string): Promise<SqliteConnection> {
  const adapter = new DriverKeepingAdapter({ url: databaseFile });
  const prisma = new PrismaClient({ adapter: connectOnce(adapter), transactionOptions: TRANSACTION_OPTIONS });
  try {
    await configureConnection(prisma, databaseFile);
  } catch (error) {
    await prisma.$disconnect();
    throw error;
  }
  return { prisma, driver: adapter.driver };
}

export async function connectSqlite(databaseFile: string): Promise<PrismaClient> {
  return (await openSqlite(databaseFile)).prisma;
}
