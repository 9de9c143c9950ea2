import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PrismaClient } from './generated/client';
import { openThreadStore } from './prisma-thread-store';
import { connectSqlite } from './sqlite-connection';
import type { ThreadStore } from './thread-store';
import { startWalCheckpoints } from './wal-checkpoints';

let folder: string;
let store: ThreadStore | undefined;
let prisma: PrismaClient | undefined;

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'baton-wal-checkpoints-'));
});

afterEach(async () => {
  await store?.close();
  store = undefined;
  await prisma?.$disconnect();
  prisma = undefined;
  await rm(folder, { recursive: true, force: true });
});

/**
 * The thread titles the database file holds on its own, without its write-ahead log; undefined
 * when the copy was taken while a checkpoint was writing the file (the copy is then torn).
 */
async function titlesInDatabaseFile(databaseFile: string): Promise<string[] | undefined> {
  const copy = path.join(folder, `copy-${Math.random().toString(36).slice(2)}.db`);
  await copyFile(databaseFile, copy);
  let database: Database.Database | undefined;
  try {
    database = new Database(copy, { readonly: true });
    return database
      .prepare<[], { title: string }>('SELECT title FROM "Thread" ORDER BY title')
      .all()
      .map((row) => row.title);
  } catch (error) {
    if (/malformed|not a database/i.test(String(error))) return undefined;
    throw error;
  } finally {
    database?.close();
    await rm(copy, { force: true });
  }
}

describe('WAL checkpoints off the event loop', () => {
  it('copies what the store commits into the database file while the store stays open', async () => {
    const databaseFile = path.join(folder, 'baton.db');
    store = await openThreadStore({ databaseFile });
    const { id } = await store.createThread('Checkpointed thread');
    await store.appendEvents(id, {
      events: Array.from({ length: 200 }, (_unused, index) => ({
        seq: index + 1,
        role: 'assistant' as const,
        content: { type: 'text' as const, text: `p${index} ` },
      })),
    });

    // The store's own connection never checkpoints; the worker does, a moment after the commit.
    while (!(await titlesInDatabaseFile(databaseFile))?.includes('Checkpointed thread')) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await titlesInDatabaseFile(databaseFile)).toEqual(['Checkpointed thread']);
    expect((await store.getEventsAfter(id, 0)).length).toBe(200);
  });

  it('lets a process that only opens, writes and closes the store run to its end', async () => {
    // A command-line use of the store (an export) has no server to keep it alive: the worker must
    // hold the process while the store opens and closes, and never after.
    const storeModule = fileURLToPath(new URL('./prisma-thread-store.ts', import.meta.url));
    const script = path.join(folder, 'store-script.mts');
    await writeFile(
      script,
      // Several times over: whether the process ends early depends on when the worker's exit lands.
      `const { openThreadStore } = await import(${JSON.stringify(storeModule)});
      for (let time = 0; time < 5; time += 1) {
        const store = await openThreadStore({ databaseFile: ${JSON.stringify(path.join(folder, 'cli.db'))} });
        await store.createThread('From a script');
        await store.close();
      }
      console.log('closed');`,
    );
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
      cwd: fileURLToPath(new URL('../../', import.meta.url)),
    });
    expect(stdout.trim()).toBe('closed');
  });

  describe("when the worker fails, SQLite checkpoints on the store's connection again", () => {
    async function autocheckpointPages(client: PrismaClient): Promise<number> {
      const [row] = await client.$queryRawUnsafe<{ wal_autocheckpoint: number | bigint }[]>('PRAGMA wal_autocheckpoint');
      return Number(row?.wal_autocheckpoint);
    }

    it('at start: the worker cannot open the database, and the store keeps its own checkpoints', async () => {
      prisma = await connectSqlite(path.join(folder, 'baton.db'));
      const said: string[] = [];
      const checkpoints = await startWalCheckpoints(prisma, path.join(folder, 'no-such.db'), (line) => said.push(line));
      expect(checkpoints.offLoop).toBe(false);
      expect(await autocheckpointPages(prisma)).toBe(1000);
      expect(said).toEqual([expect.stringMatching(/^WAL checkpoints stay on the store's connection: unable to open database file/)]);
      await checkpoints.close();
    });

    it('later: a worker that breaks after it started hands checkpointing back, and says why', async () => {
      prisma = await connectSqlite(path.join(folder, 'baton.db'));
      const said: string[] = [];
      const failingWorker = new URL('./testing/failing-checkpoint-worker.mjs', import.meta.url);
      const checkpoints = await startWalCheckpoints(prisma, path.join(folder, 'baton.db'), (line) => said.push(line), failingWorker);
      const client = prisma;
      await expect.poll(() => autocheckpointPages(client)).toBe(1000);
      expect(checkpoints.offLoop).toBe(false);
      expect(said).toEqual(["WAL checkpoints are back on the store's connection: disk I/O error"]);
      await checkpoints.close();
    });
  });
});
