/**
 * The migration usage_cost_dollars on databases written before it: a thread whose turns were priced
 * as "$0.0018" (the built-in agent's and ECA's way) gets the total its header lacked; a thread with
 * a total already, or with no cost in dollars, keeps what it had.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatabaseTarget } from './database-target';
import { migrationsDirectoryFor } from './migrate';
import { openThreadStore } from './prisma-thread-store';
import { readMigrationsList, schemaFilterFor, withSchemaEngine } from './schema-engine';
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './testing/databases';

const MIGRATION = '_usage_cost_dollars';
let database: TestDatabase | undefined;

afterEach(async () => {
  await database?.drop();
  database = undefined;
});

async function migrateUpToTheOneBefore(target: DatabaseTarget): Promise<void> {
  const committed = await readMigrationsList(migrationsDirectoryFor(target.kind));
  const before = committed.migrationDirectories.filter((migration) => !migration.path.endsWith(MIGRATION));
  expect(before).toHaveLength(committed.migrationDirectories.length - 1);
  await withSchemaEngine(target, (engine) =>
    engine.applyMigrations({ migrationsList: { ...committed, migrationDirectories: before }, filters: schemaFilterFor(target.kind) }),
  );
}

/** Runs the statements with `?` placeholders, on whichever database it is. */
async function execute(target: DatabaseTarget, statements: ReadonlyArray<[string, unknown[]]>): Promise<void> {
  if (target.kind === 'sqlite') {
    const sqlite = new Database(target.file);
    for (const [sql, values] of statements) sqlite.prepare(sql).run(...values);
    sqlite.close();
    return;
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    for (const [sql, values] of statements) {
      let index = 0;
      await client.query(
        sql.replace(/\?/g, () => `$${(index += 1)}`),
        values,
      );
    }
  } finally {
    await client.end();
  }
}

const at = '2026-11-01T10:00:00.000Z';
const thread = (id: string, usageCost: number | null): [string, unknown[]] => [
  'INSERT INTO "Thread" ("id", "title", "createdAt", "modifiedAt", "usageCost") VALUES (?, ?, ?, ?, ?)',
  [id, id, at, at, usageCost],
];
const usage = (threadId: string, seq: number, lastMessageCost: string): [string, unknown[]] => [
  'INSERT INTO "ThreadEvent" ("threadId", "seq", "role", "type", "content") VALUES (?, ?, ?, ?, ?)',
  [threadId, seq, 'system', 'usage', JSON.stringify({ type: 'usage', sessionTokens: 100 * seq, lastMessageCost })],
];

describe.each(DATABASE_KINDS)('the migration usage_cost_dollars on %s', (kind) => {
  it('gives threads priced in "$…" their total, and leaves the others as they were', async () => {
    database = await createTestDatabase(kind);
    const { target } = database;
    // The SQLite test database's folder is made by the store's open, which comes later here.
    if (target.kind === 'sqlite') await mkdir(path.dirname(target.file), { recursive: true });
    await migrateUpToTheOneBefore(target);
    await execute(target, [
      thread('dollars', null),
      usage('dollars', 1, '$0.0018'),
      usage('dollars', 2, ' $0.0100 '),
      usage('dollars', 3, 'n/a'),
      thread('counted', 0.5),
      usage('counted', 1, '$0.25'),
      thread('unpriced', null),
      usage('unpriced', 1, 'n/a'),
      usage('unpriced', 2, '0.01 EUR'),
    ]);

    const store = await openThreadStore({ database: target });
    try {
      expect((await store.getThreadDetails('dollars'))?.totalCost).toBeCloseTo(0.0118, 10);
      expect((await store.getThreadDetails('counted'))?.totalCost).toBe(0.5);
      expect((await store.getThreadDetails('unpriced'))?.totalCost).toBeNull();
    } finally {
      await store.close();
    }
  });
});
