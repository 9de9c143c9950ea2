/**
 * Whether a database already records every committed migration as applied, unchanged, so that a
 * start with an up-to-date database need not load Prisma's schema engine: a WebAssembly module of
 * 5 MB that stays in memory (about 16 MiB) once instantiated. Read-only, and conservative: any
 * doubt (no table yet, a failed or rolled-back record, a changed file, a name this checkout does
 * not know) answers false, and the engine then does what `prisma migrate deploy` does.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import type { MigrationList } from './schema-engine';

/** Prisma's record of each migration: its checksum is the SHA-256 of migration.sql, in hex. */
const MIGRATION_RECORDS = 'SELECT migration_name, checksum, finished_at, rolled_back_at FROM _prisma_migrations';
const HAS_RECORDS_TABLE = "SELECT name FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'";

export async function migrationsAlreadyApplied(databaseFile: string, migrationsList: MigrationList): Promise<boolean> {
  if (!existsSync(databaseFile)) return false;
  const committed = new Map<string, string>();
  for (const directory of migrationsList.migrationDirectories) {
    const { content } = directory.migrationFile;
    if (content.tag !== 'ok') return false;
    committed.set(directory.path, createHash('sha256').update(content.value).digest('hex'));
  }
  const adapter = await new PrismaBetterSqlite3({ url: databaseFile }).connect();
  try {
    const query = (sql: string) => adapter.queryRaw({ sql, args: [], argTypes: [] });
    if ((await query(HAS_RECORDS_TABLE)).rows.length === 0) return false;
    const applied = new Map<string, string>();
    for (const [name, checksum, finishedAt, rolledBackAt] of (await query(MIGRATION_RECORDS)).rows) {
      if (rolledBackAt !== null) continue;
      if (finishedAt === null) return false;
      applied.set(String(name), String(checksum));
    }
    if (applied.size !== committed.size) return false;
    return [...committed].every(([name, checksum]) => applied.get(name) === checksum);
  } finally {
    await adapter.dispose();
  }
}
