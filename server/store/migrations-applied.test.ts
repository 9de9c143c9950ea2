/**
 * The check that lets a start with an up-to-date database skip the schema engine: it says yes only
 * when the database records every committed migration, unchanged and finished.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyMigrations, migrationsDirectory } from './migrate';
import { migrationsAlreadyApplied } from './migrations-applied';
import { readMigrationsList } from './schema-engine';

let folder: string;
let databaseFile: string;

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'baton-migrations-applied-'));
  databaseFile = join(folder, 'baton.db');
});

afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function execute(sql: string): Promise<void> {
  const adapter = await new PrismaBetterSqlite3({ url: databaseFile }).connect();
  try {
    await adapter.executeRaw({ sql, args: [], argTypes: [] });
  } finally {
    await adapter.dispose();
  }
}

describe('migrationsAlreadyApplied', () => {
  it('says no for a database that is not there, and creates none', async () => {
    const committed = await readMigrationsList(migrationsDirectory);
    expect(await migrationsAlreadyApplied(databaseFile, committed)).toBe(false);
    await expect(import('node:fs').then((fs) => fs.existsSync(databaseFile))).resolves.toBe(false);
  });

  it('says no for a database without Prisma’s records, yes once every migration is applied', async () => {
    const committed = await readMigrationsList(migrationsDirectory);
    await execute('CREATE TABLE unrelated (id INTEGER)');
    expect(await migrationsAlreadyApplied(databaseFile, committed)).toBe(false);
    await rm(databaseFile);
    await applyMigrations({ kind: 'sqlite', file: databaseFile });
    expect(await migrationsAlreadyApplied(databaseFile, committed)).toBe(true);
  });

  it('says no when this checkout has a migration the database has not seen', async () => {
    await applyMigrations({ kind: 'sqlite', file: databaseFile });
    const committed = await readMigrationsList(migrationsDirectory);
    const newer = {
      ...committed,
      migrationDirectories: [
        ...committed.migrationDirectories,
        {
          path: '29991231000000_later',
          migrationFile: { path: 'migration.sql', content: { tag: 'ok' as const, value: 'CREATE TABLE later (id INTEGER);' } },
        },
      ],
    };
    expect(await migrationsAlreadyApplied(databaseFile, newer)).toBe(false);
  });

  it('says no when a record is unfinished, or a committed file differs from what was applied', async () => {
    await applyMigrations({ kind: 'sqlite', file: databaseFile });
    const committed = await readMigrationsList(migrationsDirectory);
    await execute(
      "UPDATE _prisma_migrations SET checksum = 'changed' WHERE migration_name = (SELECT MIN(migration_name) FROM _prisma_migrations)",
    );
    expect(await migrationsAlreadyApplied(databaseFile, committed)).toBe(false);
    await rm(databaseFile);
    await applyMigrations({ kind: 'sqlite', file: databaseFile });
    await execute(
      'UPDATE _prisma_migrations SET finished_at = NULL WHERE migration_name = (SELECT MAX(migration_name) FROM _prisma_migrations)',
    );
    expect(await migrationsAlreadyApplied(databaseFile, committed)).toBe(false);
  });
});
