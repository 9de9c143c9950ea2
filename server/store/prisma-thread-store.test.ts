import { mkdir, readdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ThreadEntry } from '../../lib/protocol/thread-model';
import { PrismaClient } from './generated/client';
import type { DatabaseTarget } from './database-target';
import { applyMigrations, migrationsDirectoryFor } from './migrate';
import { connectPostgres } from './postgres-connection';
import { openThreadStore } from './prisma-thread-store';
import { connectSqlite, readPragma } from './sqlite-connection';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './testing/databases';
import type { ThreadStore } from './thread-store';

const userMessage = (text: string): ThreadEntry => ({
  type: 'message',
  role: 'user',
  chunks: [{ type: 'text', chunk: text }],
});
const readFileEntry: ThreadEntry = { type: 'readFile', path: 'src/a.ts', content: 'export {}\n' };
const toolCall: ThreadEntry = {
  type: 'toolCall',
  id: 'call-1',
  name: 'edit_file',
  server: 'builtin',
  origin: 'native',
  status: 'waiting-approval',
  arguments: { path: 'src/a.ts' },
  manualApproval: true,
};

let database: TestDatabase;
const toClose: { close(): Promise<void> }[] = [];

async function open(): Promise<ThreadStore> {
  const store = await openThreadStore({ database: database.target });
  toClose.push(store);
  return store;
}

/** A second, unconfigured connection to the same database, as another process would have. */
async function rawClient(target: DatabaseTarget = database.target): Promise<PrismaClient> {
  const client =
    target.kind === 'sqlite'
      ? new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: target.file }) })
      : await connectPostgres(target.url);
  toClose.push({ close: () => client.$disconnect() });
  return client;
}

afterEach(async () => {
  for (const handle of toClose.splice(0).reverse()) await handle.close();
  await database.drop();
});

describe.each(DATABASE_KINDS)('the thread store on %s', (kind) => {
  beforeEach(async () => {
    database = await createTestDatabase(kind);
  });

  it('lists threads most recently modified first, with RFC 3339 timestamps', async () => {
    const store = await open();
    const first = await store.createThread('first');
    const second = await store.createThread('second');
    const third = await store.createThread('third');
    expect((await store.listThreads()).threads.map((thread) => thread.title)).toEqual(['third', 'second', 'first']);

    await store.saveEntries(first.id, [{ seq: 0, entry: userMessage('hello') }]);
    const { threads } = await store.listThreads();
    expect(threads.map((thread) => thread.id)).toEqual([first.id, third.id, second.id]);
    for (const thread of threads) {
      expect(thread.modifiedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    expect(Date.parse(threads[0]!.modifiedAt)).toBeGreaterThan(Date.parse(first.modifiedAt));
  });

  it('renames a thread and moves it to the top', async () => {
    const store = await open();
    const older = await store.createThread('New thread');
    await store.createThread('other');
    await store.renameThread(older.id, 'Fix the login bug');

    expect(await store.getThread(older.id)).toMatchObject({ title: 'Fix the login bug' });
    expect((await store.listThreads()).threads[0]).toMatchObject({ id: older.id, title: 'Fix the login bug' });
  });

  it('inserts entries, replaces them by seq and returns them in seq order', async () => {
    const store = await open();
    const { id } = await store.createThread('t');
    await store.saveEntries(id, [
      { seq: 2, entry: toolCall },
      { seq: 0, entry: userMessage('read a.ts') },
      { seq: 1, entry: readFileEntry },
    ]);
    expect(await store.getEntries(id)).toEqual([userMessage('read a.ts'), readFileEntry, toolCall]);

    const approved: ThreadEntry = { ...toolCall, status: 'succeeded', outputText: 'done' };
    await store.saveEntries(id, [
      { seq: 2, entry: approved },
      { seq: 3, entry: userMessage('thanks') },
    ]);
    expect(await store.getEntries(id)).toEqual([userMessage('read a.ts'), readFileEntry, approved, userMessage('thanks')]);
  });

  it('keeps threads and entries across a restart', async () => {
    const before = await open();
    const { id } = await before.createThread('persisted');
    await before.saveEntries(id, [
      { seq: 0, entry: userMessage('hi') },
      { seq: 1, entry: toolCall },
    ]);
    const listed = await before.listThreads();
    await before.close();

    const after = await open();
    expect(await after.listThreads()).toEqual(listed);
    expect(await after.getEntries(id)).toEqual([userMessage('hi'), toolCall]);
  });

  it('answers null and no entries for an unknown thread, and refuses to write to one', async () => {
    const store = await open();
    expect(await store.getThread('no-such-thread')).toBeNull();
    expect(await store.getEntries('no-such-thread')).toEqual([]);
    await expect(store.renameThread('no-such-thread', 'x')).rejects.toThrow(/no-such-thread/);
    await expect(store.saveEntries('no-such-thread', [{ seq: 0, entry: userMessage('x') }])).rejects.toThrow(/no-such-thread/);
  });

  it('saves nothing of a batch when one entry is invalid', async () => {
    const store = await open();
    const { id } = await store.createThread('t');
    const invalid = { type: 'message', role: 'robot', chunks: [] } as unknown as ThreadEntry;
    await expect(
      store.saveEntries(id, [
        { seq: 0, entry: userMessage('kept out') },
        { seq: 1, entry: invalid },
      ]),
    ).rejects.toThrow();
    expect(await store.getEntries(id)).toEqual([]);
  });

  it('names the thread and seq of a stored entry that no longer parses', async () => {
    const store = await open();
    const { id } = await store.createThread('t');
    await store.saveEntries(id, [
      { seq: 0, entry: userMessage('fine') },
      { seq: 1, entry: userMessage('to be damaged') },
    ]);
    await (await rawClient()).threadEntry.update({
      where: { threadId_seq: { threadId: id, seq: 1 } },
      data: { data: '{"type":"message","role":"robot","chunks":[]}' },
    });
    await expect(store.getEntries(id)).rejects.toThrow(`Thread ${id} entry 1 is not a valid ThreadEntry`);
  });

  it('appends events with the entries they changed, atomically, and reads them back after a seq', async () => {
    const store = await open();
    const thread = await store.createThread('Events');
    const prompt = { seq: 1, role: 'user', content: { type: 'text', text: 'hi' } } as const;
    const running = { seq: 2, role: 'system', content: { type: 'progress', state: 'running', text: 'Working' } } as const;
    await store.appendEvent(thread.id, prompt, [{ seq: 0, entry: userMessage('hi') }]);
    await store.appendEvent(thread.id, running, []);
    // A seq already taken is refused, and the entry change that came with it is not stored.
    await expect(store.appendEvent(thread.id, { ...running, seq: 2 }, [{ seq: 1, entry: readFileEntry }])).rejects.toThrow();

    expect(await store.getEntries(thread.id)).toEqual([userMessage('hi')]);
    expect(await store.getEventsAfter(thread.id, 0)).toEqual([prompt, running]);
    expect(await store.getEventsAfter(thread.id, 1)).toEqual([running]);
    expect(await store.getEventsAfter(thread.id, 2)).toEqual([]);
    expect(await store.getLastEvent(thread.id)).toEqual(running);
    expect(await store.getLastEvent(thread.id, 'text')).toEqual(prompt);
    expect(await store.getLastEvent(thread.id, 'usage')).toBeNull();
  });

  it('deletes a thread with its entries and events', async () => {
    const store = await open();
    const kept = await store.createThread('Kept');
    const doomed = await store.createThread('Doomed');
    await store.appendEvent(doomed.id, { seq: 1, role: 'user', content: { type: 'text', text: 'x' } }, [
      { seq: 0, entry: userMessage('x') },
    ]);
    expect(await store.deleteThread(doomed.id)).toBe(true);
    expect(await store.deleteThread(doomed.id)).toBe(false);
    expect((await store.listThreads()).threads.map((thread) => thread.id)).toEqual([kept.id]);
    expect(await store.getEntries(doomed.id)).toEqual([]);
    expect(await store.getEventsAfter(doomed.id, 0)).toEqual([]);
  });

  it('pages the thread list newest first, each thread once, and refuses a cursor it did not make', async () => {
    const store = await open();
    const created = [];
    for (let index = 0; index < 7; index += 1) created.push(await store.createThread(`t${index}`));
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await store.listThreads({ limit: 3, cursor });
      expect(page.threads.length).toBeLessThanOrEqual(3);
      seen.push(...page.threads.map((thread) => thread.title));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== undefined);
    expect(pages).toBe(3);
    expect(seen).toEqual(['t6', 't5', 't4', 't3', 't2', 't1', 't0']);
    // Without a page, every thread, as ECA and ACP clients expect, and no cursor.
    expect(await store.listThreads()).toEqual({ threads: expect.any(Array) });
    expect((await store.listThreads()).threads).toHaveLength(7);
    await expect(store.listThreads({ limit: 3, cursor: 'not-a-cursor' })).rejects.toThrow(/not a thread list cursor/);
  });

  it('stores a batch of streamed events without touching the entries or the list order', async () => {
    const store = await open();
    const streaming = await store.createThread('streaming');
    await store.createThread('other');
    const prompt = { seq: 1, role: 'user', content: { type: 'text', text: 'hi' } } as const;
    await store.appendEvents(streaming.id, { events: [prompt], entries: [{ seq: 0, entry: userMessage('hi') }] });
    await store.createThread('newest');
    const pieces = [2, 3, 4].map((seq) => ({ seq, role: 'assistant', content: { type: 'text', text: `p${seq} ` } }) as const);
    await store.appendEvents(streaming.id, { events: pieces });

    expect(await store.loadEntries(streaming.id)).toEqual({ entries: [userMessage('hi')], seq: 1 });
    expect(await store.getEventsAfter(streaming.id, 1)).toEqual(pieces);
    expect((await store.listThreads()).threads.map((thread) => thread.title)).toEqual(['newest', 'streaming', 'other']);
    // A batch is all or nothing: a taken seq stores none of it.
    await expect(store.appendEvents(streaming.id, { events: [{ ...pieces[0]!, seq: 5 }, pieces[1]!] })).rejects.toThrow();
    expect(await store.getEventsAfter(streaming.id, 4)).toEqual([]);
  });

  it('loads a message stored a chunk per streamed piece as one text', async () => {
    const store = await open();
    const { id } = await store.createThread('old');
    await (await rawClient()).threadEntry.create({
      data: {
        threadId: id,
        seq: 0,
        type: 'message',
        data: JSON.stringify({
          type: 'message',
          role: 'assistant',
          chunks: [
            { type: 'text', chunk: 'Hel' },
            { type: 'text', chunk: 'lo' },
          ],
        }),
      },
    });
    expect(await store.getEntries(id)).toEqual([{ type: 'message', role: 'assistant', chunks: [{ type: 'text', chunk: 'Hello' }] }]);
  });
});

describe('the thread store on SQLite', () => {
  beforeEach(async () => {
    database = await createTestDatabase('sqlite');
  });

  it('puts WAL, a busy timeout and synchronous=NORMAL in force', async () => {
    if (database.target.kind !== 'sqlite') throw new Error('a SQLite test');
    const databaseFile = database.target.file;
    await mkdir(dirname(databaseFile), { recursive: true });
    await applyMigrations(database.target);
    // A fresh file is in rollback-journal mode; the connection that switches it to WAL keeps
    // synchronous=FULL (2) unless told otherwise, so this asserts the store's own settings.
    const configured = await connectSqlite(databaseFile);
    toClose.push({ close: () => configured.$disconnect() });
    expect(await readPragma(configured, 'journal_mode')).toBe('wal');
    expect(await readPragma(configured, 'synchronous')).toBe('1');
    // Short: better-sqlite3 waits on the event loop's thread; longer waits happen in store-failure.ts.
    expect(await readPragma(configured, 'busy_timeout')).toBe('100');
    expect(await readPragma(configured, 'foreign_keys')).toBe('1');
    // journal_mode belongs to the file: another connection, as another process would have, sees it.
    expect(await readPragma(await rawClient(), 'journal_mode')).toBe('wal');
  });
});

describe.each(DATABASE_KINDS)('applyMigrations on %s', (kind) => {
  beforeEach(async () => {
    database = await createTestDatabase(kind);
  });

  it('applies every committed migration once and records it', async () => {
    const committed = (await readdir(migrationsDirectoryFor(kind), { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(committed.length).toBeGreaterThan(0);
    // The store makes a SQLite file's folder; applyMigrations alone expects it.
    if (database.target.kind === 'sqlite') await mkdir(dirname(database.target.file), { recursive: true });

    expect(await applyMigrations(database.target)).toEqual({ applied: committed });
    expect(await applyMigrations(database.target)).toEqual({ applied: [] });

    const recorded = await (await rawClient()).$queryRawUnsafe<{ migration_name: string }[]>(
      'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY migration_name',
    );
    expect(recorded.map((row) => row.migration_name)).toEqual(committed);
  });
});
