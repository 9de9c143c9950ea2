/**
 * The databases every store test runs on: a SQLite file and a fresh database on the run's real
 * PostgreSQL server (postgres-global-setup.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { DatabaseTarget } from '../database-target';

export interface TestDatabase {
  target: DatabaseTarget;
  /** Removes the database (and its folder). */
  drop(): Promise<void>;
}

export type DatabaseKind = DatabaseTarget['kind'];
export const DATABASE_KINDS: DatabaseKind[] = ['sqlite', 'postgresql'];

async function sqliteDatabase(): Promise<TestDatabase> {
  const folder = await mkdtemp(path.join(tmpdir(), 'baton-store-test-'));
  return {
    // A folder that does not exist yet: opening the store must create it.
    target: { kind: 'sqlite', file: path.join(folder, 'nested', 'baton.db') },
    drop: () => rm(folder, { recursive: true, force: true }),
  };
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: `${inject('postgresUrl')}postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function postgresDatabase(): Promise<TestDatabase> {
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  return {
    target: { kind: 'postgresql', url: `${inject('postgresUrl')}${name}` },
    drop: () => adminQuery(`DROP DATABASE ${name} WITH (FORCE)`),
  };
}

export function createTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  return kind === 'sqlite' ? sqliteDatabase() : postgresDatabase();
}
