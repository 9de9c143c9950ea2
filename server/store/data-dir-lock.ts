/**
 * One relay per data folder: two relays on one folder would each number a thread's events from
 * their own memory and write beside each other. The first takes `<data-dir>/relay.lock`, holding
 * its process id and start time; a second one refuses to start and names it. A lock whose process
 * is gone (the relay was killed, the machine restarted) is taken over: the start time tells a live
 * holder from a new process that happens to have been given the same pid.
 *
 * `baton eca-server` takes no lock: sharing the store with a running relay is what it is for.
 */
import { readFileSync } from 'node:fs';
import { mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { isProcessAlive } from '../agents/builtin/mcp/process-liveness';

export const LOCK_FILE = 'relay.lock';

const LockHolderSchema = z.object({
  pid: z.number().int().positive(),
  /** The kernel's start time of the process (clock ticks since boot); null where there is no /proc. */
  startTime: z.string().nullable(),
  host: z.string(),
  startedAt: z.string(),
});
type LockHolder = z.infer<typeof LockHolderSchema>;

export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
  readonly code = 'data-dir-locked';

  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    const where = holder.host === os.hostname() ? `process ${holder.pid}` : `process ${holder.pid} on ${holder.host}`;
    super(
      `Another Baton relay (${where}, started ${holder.startedAt}) is using the data folder ${dataDir}. ` +
        `Stop it first, or start this one with another --data-dir.`,
    );
  }
}

export interface DataDirLock {
  /** Lets the folder go; a lock that is no longer this process's own is left alone. */
  release(): Promise<void>;
}

/** Takes the data folder for this process, or throws DataDirLockedError naming its holder. */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  const own: LockHolder = {
    pid: process.pid,
    startTime: processStartTime(process.pid),
    host: os.hostname(),
    startedAt: new Date().toISOString(),
  };
  const ownText = `${JSON.stringify(own)}\n`;
  // A few rounds: each either takes the lock, finds a live holder, or clears one stale lock.
  for (let round = 0; round < 5; round += 1) {
    if (await createExclusive(lockPath, ownText)) {
      return { release: () => releaseLock(lockPath, ownText) };
    }
    const text = await readFile(lockPath, 'utf8').catch(ignoreMissing);
    if (text === undefined) continue;
    const holder = parseHolder(text);
    if (holder && isHolderAlive(holder)) throw new DataDirLockedError(dataDir, holder);
    await clearStaleLock(lockPath, text);
  }
  throw new Error(`Could not take the lock ${lockPath}: other processes keep changing it.`);
}

async function createExclusive(lockPath: string, text: string): Promise<boolean> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(lockPath, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    await handle.writeFile(text);
  } finally {
    await handle.close();
  }
  return true;
}

/**
 * Moves the stale lock aside under a name of this process's own (rename is atomic, so of two
 * starters clearing it at once only one gets it), then checks it moved what it judged stale: a
 * lock someone took in the meantime is put back.
 */
async function clearStaleLock(lockPath: string, staleText: string): Promise<void> {
  const aside = `${lockPath}.${process.pid}.stale`;
  try {
    await rename(lockPath, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = await readFile(aside, 'utf8').catch(ignoreMissing);
  if (moved !== undefined && moved !== staleText) {
    await rename(aside, lockPath);
    return;
  }
  await unlink(aside).catch(ignoreMissing);
}

async function releaseLock(lockPath: string, ownText: string): Promise<void> {
  const text = await readFile(lockPath, 'utf8').catch(ignoreMissing);
  if (text !== ownText) return;
  await unlink(lockPath).catch(ignoreMissing);
}

function parseHolder(text: string): LockHolder | undefined {
  try {
    const parsed = LockHolderSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    // Not JSON: a lock cut short by a crash mid-write, which no live relay holds.
    return undefined;
  }
}

function isHolderAlive(holder: LockHolder): boolean {
  // Another machine's process cannot be checked from here: it is taken to be alive.
  if (holder.host !== os.hostname()) return true;
  if (!isProcessAlive(holder.pid)) return false;
  const startTime = processStartTime(holder.pid);
  return holder.startTime === null || startTime === null || startTime === holder.startTime;
}

/** Field 22 of /proc/<pid>/stat; the command name before it may hold spaces and parentheses. */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    // No /proc (not Linux), or the process is gone.
    return null;
  }
}

function ignoreMissing(error: unknown): undefined {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
  throw error;
}
