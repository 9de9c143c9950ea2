/**
 * The migration search_terms on a SQLite database written before it: the index's terms, old ones
 * included, are there for the prefix search at once (an fts5vocab table reads the index as it is).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { migrationsDirectory } from './migrate';
import { openThreadStore } from './prisma-thread-store';
import { readMigrationsList, schemaFilterFor, withSchemaEngine } from './schema-engine';

let folder: string;
let databaseFile: string;

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'baton-search-terms-'));
  databaseFile = join(folder, 'baton.db');
});

afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('the migration search_terms', () => {
  it('makes the threads stored before it findable by a prefix', async () => {
    const committed = await readMigrationsList(migrationsDirectory);
    const before = committed.migrationDirectories.filter((migration) => !migration.path.endsWith('_search_terms'));
    expect(before).toHaveLength(committed.migrationDirectories.length - 1);
    const target = { kind: 'sqlite' as const, file: databaseFile };
    await withSchemaEngine(target, (engine) =>
      engine.applyMigrations({ migrationsList: { ...committed, migrationDirectories: before }, filters: schemaFilterFor('sqlite') }),
    );
    const database = new Database(databaseFile);
    const at = '2026-01-01T00:00:00.000+00:00';
    database.prepare('INSERT INTO "Thread" (id, title, createdAt, modifiedAt) VALUES (?, ?, ?, ?)').run('old', 'Old thread', at, at);
    database.prepare('INSERT INTO "ThreadSearchText" ("threadId", "seq", "text") VALUES (?, ?, ?)').run('old', 0, 'the quokka smiled');
    database.close();

    const store = await openThreadStore({ databaseFile });
    try {
      const page = await store.listThreads({ query: 'quok' });
      expect(page.threads.map((thread) => [thread.id, thread.match?.seq])).toEqual([['old', 0]]);
    } finally {
      await store.close();
    }
  });
});
