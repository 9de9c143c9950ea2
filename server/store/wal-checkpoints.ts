/**
 * Write-ahead-log checkpoints off the relay's event loop. SQLite checkpoints on the connection
 * that commits, once the log passes 1,000 pages: that commit then copies the log into the
 * database and waits for the disk (an fsync), tens of milliseconds on a busy machine, and
 * better-sqlite3 runs it on the event loop's thread, so every tab's stream pauses meanwhile. Here
 * the store's connection never checkpoints (wal_autocheckpoint = 0) and a worker thread with a
 * connection of its own does, once the commits pause for CHECKPOINT_INTERVAL_MS, and at least
 * every CHECKPOINT_MAX_DELAY_MS while they go on (wal-checkpoint-worker.mjs). Not at every look:
 * a checkpoint copies each page changed since the last, and restarts the log from its start, whose
 * pages the disk then writes again; at every half second, a slowly streamed answer paid those
 * pages over the few pieces of each half second, more per piece the slower it streamed. Should the
 * worker fail, the store's connection checkpoints as SQLite does by default again: the log never
 * grows without end.
 * https://www.sqlite.org/wal.html#automatic_checkpoint
 */
import { Worker } from 'node:worker_threads';
import type { PrismaClient } from './generated/client';

/** How often the worker looks for new commits: a look that finds none checkpoints. */
export const CHECKPOINT_INTERVAL_MS = 500;
/** The longest commits wait to be copied while they go on: the log holds at most about this long of writes. */
export const CHECKPOINT_MAX_DELAY_MS = 5_000;
/** SQLite's own default, put back when the worker fails. */
const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;

export interface WalCheckpoints {
  /** Whether the worker checkpoints (false once it failed and SQLite's own checkpoints are back). */
  readonly offLoop: boolean;
  close(): Promise<void>;
}

const CHECKPOINT_WORKER = new URL('./wal-checkpoint-worker.mjs', import.meta.url);

/**
 * Starts the worker for `databaseFile`, whose store talks through `prisma`. `workerScript` is the
 * worker's body: always the real one, except where a test needs a worker that fails on cue.
 */
export async function startWalCheckpoints(
  prisma: PrismaClient,
  databaseFile: string,
  log: (message: string) => void = () => undefined,
  workerScript: URL = CHECKPOINT_WORKER,
): Promise<WalCheckpoints> {
  const worker = new Worker(workerScript, {
    workerData: { file: databaseFile, intervalMs: CHECKPOINT_INTERVAL_MS, maxDelayMs: CHECKPOINT_MAX_DELAY_MS },
    // Plain JavaScript: none of the process's flags (a TypeScript loader) is wanted in the worker.
    execArgv: [],
    // A small heap: it holds a connection and a timer.
    resourceLimits: { maxOldGenerationSizeMb: 16 },
  });
  let offLoop = false;
  let closing = false;
  /** Why the worker stopped checkpointing, once it has. */
  let failure: string | undefined;
  let settleReady: (ready: boolean) => void = () => undefined;
  const ready = new Promise<boolean>((resolve) => (settleReady = resolve));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const fallBack = async () => {
    offLoop = false;
    log(`WAL checkpoints are back on the store's connection: ${failure}`);
    await prisma.$queryRawUnsafe(`PRAGMA wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
  };
  // Listening from the start: a failure may come at any moment, even between `ready` and the
  // store's connection handing its checkpoints over.
  const fail = (reason: string) => {
    if (closing || failure !== undefined) return;
    failure = reason;
    settleReady(false);
    if (offLoop) void fallBack().catch((error: unknown) => log(String(error)));
  };
  worker.on('message', (message: 'ready' | { error: string }) => (message === 'ready' ? settleReady(true) : fail(message.error)));
  worker.on('error', (error) => fail(error.message));
  void exited.then(() => fail('the worker ended'));

  if (!(await ready)) {
    log(`WAL checkpoints stay on the store's connection: ${failure}`);
    await worker.terminate();
    return { offLoop: false, close: async () => undefined };
  }
  // Only once the worker is there to do it does the store's connection stop checkpointing.
  try {
    await prisma.$queryRawUnsafe('PRAGMA wal_autocheckpoint = 0');
  } catch (error) {
    closing = true;
    await worker.terminate();
    throw error;
  }
  offLoop = true;
  if (failure !== undefined) await fallBack();
  // The checkpoints never keep a process alive that has nothing else to do; while the store
  // opens and closes, the process waits for the worker, so it is held then.
  worker.unref();
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

export interface CheckpointsOnDemand {
  /** Says the store is about to write a stream's batch: the worker starts then if it has not. */
  writing(): void;
  close(): Promise<void>;
}

/**
 * The worker is started by the store's first streamed write, not when the store opens: a relay
 * that records nothing, or a command that only reads, does not pay for a thread (about 9 MiB of
 * RSS). Until the worker is ready, SQLite checkpoints on the store's connection, as by default.
 */
export function checkpointsOnFirstWrite(start: () => Promise<WalCheckpoints>, log: (message: string) => void): CheckpointsOnDemand {
  let started: Promise<WalCheckpoints | undefined> | undefined;
  let closed = false;
  return {
    writing() {
      // A write after the store closed is refused; it must not start a connection of its own either.
      if (closed) return;
      started ??= start().catch((error: unknown) => {
        log(`WAL checkpoints stay on the store's connection: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      });
    },
    async close() {
      closed = true;
      await (await started)?.close();
    },
  };
}
