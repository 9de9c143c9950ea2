import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../relay/project-root';
import { openThreadStore } from './prisma-thread-store';
import { StoreWriteError, writeWithPatience } from './store-failure';
import type { ThreadStore } from './thread-store';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function openStore(): Promise<{ store: ThreadStore; databaseFile: string }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'baton-store-failure-'));
  const databaseFile = path.join(folder, 'baton.db');
  const store = await openThreadStore({ databaseFile });
  cleanups.push(async () => {
    await store.close();
    await rm(folder, { recursive: true, force: true });
  });
  return { store, databaseFile };
}

/** Another process that takes SQLite's write lock and keeps it until its stdin ends. */
async function holdWriteLock(databaseFile: string): Promise<() => Promise<void>> {
  const script = `
    const db = new (require('better-sqlite3'))(process.argv[1]);
    db.exec('BEGIN IMMEDIATE');
    process.stdout.write('locked\\n');
    process.stdin.on('end', () => { db.exec('COMMIT'); process.exit(0); });
    process.stdin.resume();`;
  const holder = spawn(process.execPath, ['-e', script, databaseFile], { cwd: PROJECT_ROOT });
  await new Promise((resolve) => holder.stdout.once('data', resolve));
  const exited = new Promise((resolve) => holder.once('exit', resolve));
  const release = async () => {
    holder.stdin.end();
    await exited;
  };
  cleanups.push(release);
  return release;
}

it('waits out a lock another process lets go of, and then writes', async () => {
  const { store, databaseFile } = await openStore();
  const thread = await store.createThread('locked for a moment');
  const release = await holdWriteLock(databaseFile);
  let attempts = 0;
  let released: Promise<void> | undefined;
  await writeWithPatience(async () => {
    attempts += 1;
    // The first attempt meets the lock; the holder lets go while the write waits to try again.
    if (attempts === 2) await released;
    try {
      await store.renameThread(thread.id, 'renamed');
    } finally {
      released ??= release();
    }
  });
  expect(attempts).toBeGreaterThan(1);
  expect((await store.getThread(thread.id))?.title).toBe('renamed');
});

it('gives up on a lock that is held for longer, with a reason a user can act on', async () => {
  const { store, databaseFile } = await openStore();
  const thread = await store.createThread('locked for good');
  await holdWriteLock(databaseFile);
  const failure = await writeWithPatience(() => store.renameThread(thread.id, 'never'), 300).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(StoreWriteError);
  expect(failure).toMatchObject({ code: 'database-locked', message: expect.stringContaining('locked by another process') });
});
