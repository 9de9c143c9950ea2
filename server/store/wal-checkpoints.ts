/**
 * Write-ahead-log checkpoints off the relay's event loop. SQLite checkpoints on the connection
 * that commits, once the log passes 1,000 pages: that commit then copies the log into the
 * database and waits for the disk (an fsync), tens of milliseconds on a busy machine, and
 * better-sqlite3 runs it on the event loop's thread, so every tab's stream pauses meanwhile. Here
 * the store's connection never checkpoints (wal_autocheckpoint = 0) and a worker thread with a
 * connection of its own does, every CHECKPOINT_INTERVAL_MS while anything is written
 * (wal-checkpoint-worker.mjs). Should the worker fail, the store's connection checkpoints as
 * SQLite does by default again: the log never grows without end.
 * https://www.sqlite.org/wal.html#automatic_checkpoint
 */
import { Worker } from 'node:worker_threads';
import type { PrismaClient } from './generated/client';

/** How often the worker looks for new commits; the log holds about this long of writes. */
export const CHECKPOINT_INTERVAL_MS = 500;
/** SQLite's own default, put back when the worker fails. */
const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;

export interface WalCheckpoints {
  /** Whether the worker checkpoints (false once it failed and SQLite's own checkpoints are back). */
  readonly offLoop: boolean;
  close(): Promise<void>;
}

export async function startWalCheckpoints(
  prisma: PrismaClient,
  databaseFile: string,
  log: (message: string) => void = () => undefined,
): Promise<WalCheckpoints> {
  const worker = new Worker(new URL('./wal-checkpoint-worker.mjs', import.meta.url), {
    workerData: { file: databaseFile, intervalMs: CHECKPOINT_INTERVAL_MS },
    // Plain JavaScript: none of the process's flags (a TypeScript loader) is wanted in the worker.
    execArgv: [],
    // A small heap: it holds a connection and a timer.
    resourceLimits: { maxOldGenerationSizeMb: 16 },
  });
  let offLoop = false;
  let closing = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const fallBack = async (reason: string) => {
    if (closing || !offLoop) return;
    offLoop = false;
    log(`WAL checkpoints are back on the store's connection: ${reason}`);
    await prisma.$queryRawUnsafe(`PRAGMA wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
  };
  const ready = await new Promise<true | string>((resolve) => {
    worker.once('message', (message: 'ready' | { error: string }) => resolve(message === 'ready' ? true : message.error));
    worker.once('error', (error) => resolve(error.message));
    void exited.then(() => resolve('the worker ended before it was ready'));
  });
  if (ready !== true) {
    log(`WAL checkpoints stay on the store's connection: ${ready}`);
    await worker.terminate();
    return { offLoop: false, close: async () => undefined };
  }
  // Only once the worker is there to do it does the store's connection stop checkpointing.
  await prisma.$queryRawUnsafe('PRAGMA wal_autocheckpoint = 0');
  offLoop = true;
  // The checkpoints never keep a process alive that has nothing else to do; while the store
  // opens and closes, the process waits for the worker, so it is held then.
  worker.unref();
  worker.on('message', (message: { error?: string }) => {
    if (message.error !== undefined) void fallBack(message.error).catch((error: unknown) => log(String(error)));
  });
  worker.on('error', (error) => void fallBack(error.message).catch((fallBackError: unknown) => log(String(fallBackError))));
  void exited.then(() => fallBack('the worker ended').catch((error: unknown) => log(String(error))));
  return {
    get offLoop() {
      return offLoop;
    },
    async close() {
      closing = true;
      worker.ref();
      worker.postMessage('close');
      await exited;
    },
  };
}
