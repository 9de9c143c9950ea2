/**
 * `baton export` and `baton import` against a real store: export reads while a relay holds the
 * data folder, import refuses then and writes nothing from a bad file; both use the database the
 * relay would (--database, BATON_DATABASE_URL).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ThreadDetails } from '../../lib/protocol/thread-export';
import { exportThread } from '../../lib/thread/export/export-thread';
import { lockDataDir } from '../store/data-dir-lock';
import { PROJECT_ROOT } from '../relay/project-root';
import { openThreadStore } from '../store/prisma-thread-store';
import { createTestDatabase } from '../store/testing/databases';
import { readAllEntries } from './thread-archive';
import { CommandError, runExportCommand, runImportCommand } from './thread-file-commands';

const run = promisify(execFile);
let folder: string;
let dataDir: string;

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'baton-export-cli-'));
  dataDir = path.join(folder, '.baton');
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

const details: ThreadDetails = {
  id: 'original',
  title: 'Exported thread',
  agent: 'builtin',
  model: 'scripted',
  workspace: '/elsewhere',
  createdAt: '2026-11-01T10:00:00.000Z',
  modifiedAt: '2026-11-01T10:05:00.000Z',
  totalTokens: 42,
  totalCost: null,
};
const entries = [
  { type: 'message' as const, role: 'user' as const, chunks: [{ type: 'text' as const, chunk: 'hello' }] },
  { type: 'message' as const, role: 'assistant' as const, chunks: [{ type: 'text' as const, chunk: 'hi there' }] },
  { type: 'turnSummary' as const, outcome: 'stopped' as const },
];
const exportFile = () => exportThread(details, entries, 'json').content;

function output() {
  const text = { stdout: '', stderr: '' };
  return { text, stdout: (chunk: string) => (text.stdout += chunk), stderr: (chunk: string) => (text.stderr += chunk) };
}

async function baton(...args: string[]) {
  return run(process.execPath, [path.join(PROJECT_ROOT, 'bin/baton.mjs'), ...args], { cwd: folder });
}

it('imports a JSON export as a new thread, and exports it in each format while a relay holds the folder', async () => {
  const file = path.join(folder, 'thread.json');
  await writeFile(file, exportFile());
  const imported = output();
  expect(await runImportCommand([file, '--data-dir', dataDir], imported)).toBe(0);
  const threadId = imported.text.stdout.trim();

  const store = await openThreadStore({ databaseFile: path.join(dataDir, 'baton.db') });
  expect(await readAllEntries(store, threadId)).toEqual(entries);
  expect(await store.getThreadDetails(threadId)).toMatchObject({
    title: 'Exported thread',
    model: 'scripted',
    totalTokens: 42,
    createdAt: details.createdAt,
  });
  // Changed when imported, not when its original was: the list (newest first) shows it at the top.
  expect(Date.parse((await store.getThreadDetails(threadId))!.modifiedAt)).toBeGreaterThan(Date.parse(details.modifiedAt));
  await store.close();

  // A running relay holds the lock; export only reads, so it goes ahead.
  const relayLock = await lockDataDir(dataDir);
  try {
    const markdown = await baton('export', threadId, '--format', 'markdown', '--data-dir', dataDir, '--workspace', folder);
    expect(markdown.stdout).toContain('# Exported thread');
    expect(markdown.stdout).toContain(`- **Workspace:** ${folder}`);
    expect(markdown.stdout).toContain('> Stopped by you');
    await baton('export', threadId, '--format', 'org', '--out', path.join(folder, 'out.org'), '--data-dir', dataDir);
    expect(await readFile(path.join(folder, 'out.org'), 'utf8')).toContain('* Assistant <<entry-1>>\nhi there');
    await baton('export', '--all', '--format', 'json', '--out', path.join(folder, 'all'), '--data-dir', dataDir);
    const written = await readdir(path.join(folder, 'all'));
    expect(written).toEqual([expect.stringMatching(/^exported-thread-.*\.json$/)]);
    const again = JSON.parse(await readFile(path.join(folder, 'all', written[0]!), 'utf8'));
    expect(again.entries).toEqual(entries);

    // Import refuses while the relay runs, and says where to import instead.
    const refused = runImportCommand([file, '--data-dir', dataDir], output());
    await expect(refused).rejects.toBeInstanceOf(CommandError);
    await expect(refused).rejects.toThrow(/A relay is running on this data folder: import the file with its Import button instead/);
  } finally {
    await relayLock.release();
  }
});

it('refuses a bad import and writes nothing, and an export of a folder with no Baton data', async () => {
  const bad = path.join(folder, 'bad.json');
  await writeFile(bad, JSON.stringify({ ...JSON.parse(exportFile()), entries: [{ type: 'toolCall' }] }));
  await expect(runImportCommand([bad, '--data-dir', dataDir], output())).rejects.toThrow(/^The export is not valid at entries\.0/);
  const store = await openThreadStore({ databaseFile: path.join(dataDir, 'baton.db') });
  expect((await store.listThreads()).threads).toEqual([]);
  await store.close();

  const failed = baton('export', 'any', '--format', 'json', '--data-dir', path.join(folder, 'nothing'));
  await expect(failed).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('There is no Baton data in') });
  const badFormat = baton('export', 'any', '--format', 'pdf', '--data-dir', dataDir);
  await expect(badFormat).rejects.toMatchObject({ stderr: expect.stringContaining('--format must be json, markdown or org') });
});

it('imports into and exports from the PostgreSQL database that --database or BATON_DATABASE_URL names', async () => {
  const database = await createTestDatabase('postgresql');
  try {
    if (database.target.kind !== 'postgresql') throw new Error('expected a PostgreSQL database');
    const url = database.target.url;
    const file = path.join(folder, 'thread.json');
    await writeFile(file, exportFile());
    const imported = output();
    expect(await runImportCommand([file, '--data-dir', dataDir, '--database', url], imported, {})).toBe(0);
    const threadId = imported.text.stdout.trim();

    const exported = output();
    expect(await runExportCommand([threadId, '--format', 'json', '--data-dir', dataDir], exported, { BATON_DATABASE_URL: url })).toBe(0);
    expect(JSON.parse(exported.text.stdout).entries).toEqual(entries);
    // Nothing went to the data folder's SQLite file, which an export without the URL reads.
    await expect(runExportCommand([threadId, '--format', 'json', '--data-dir', dataDir], output(), {})).rejects.toThrow(
      /There is no Baton data in/,
    );
  } finally {
    await database.drop();
  }
});

it('refuses a database URL it cannot use, with the forms it accepts', async () => {
  const refused = runExportCommand(['--all', '--format', 'json', '--data-dir', dataDir], output(), {
    BATON_DATABASE_URL: 'mysql://host/db',
  });
  await expect(refused).rejects.toBeInstanceOf(CommandError);
  await expect(refused).rejects.toThrow(/not mysql:/);
  await expect(runImportCommand(['x.json', '--data-dir', dataDir, '--database', 'file:../outside.db'], output(), {})).rejects.toThrow(
    /inside the data folder/,
  );
});
