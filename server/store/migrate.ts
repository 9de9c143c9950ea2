/**
 * Brings a database up to the committed migrations, as `prisma migrate deploy` would, but through
 * the WebAssembly schema engine (no binary download). SQLite and PostgreSQL each have their own
 * migrations folder, both written from prisma/schema.prisma by scripts/create-migration.ts.
 */
import { fileURLToPath } from 'node:url';
import { describeDatabase, type DatabaseTarget } from './database-target';
import { migrationsAlreadyApplied } from './migrations-applied';
import { readMigrationsList, schemaFilterFor, withSchemaEngine } from './schema-engine';
import { createSqliteFile } from './sqlite-page-size';

/** Resolved from this file, not the working directory: the relay may be started from anywhere. */
export const migrationsDirectory = fileURLToPath(new URL('../../prisma/migrations', import.meta.url));
export const postgresMigrationsDirectory = fileURLToPath(new URL('../../prisma/postgresql/migrations', import.meta.url));

/**
 * Beside PostgreSQL's migrations: the schema they were made from, which the next one is diffed
 * against (scripts/create-migration.ts). Written by that script only.
 */
export const POSTGRES_SCHEMA_SNAPSHOT = 'schema-of-migrations.prisma';

export function migrationsDirectoryFor(kind: DatabaseTarget['kind']): string {
  return kind === 'sqlite' ? migrationsDirectory : postgresMigrationsDirectory;
}

/** Applies the migrations this database has not seen yet; returns their names (none the second time). */
export async function applyMigrations(target: DatabaseTarget): Promise<{ applied: string[] }> {
  const directory = migrationsDirectoryFor(target.kind);
  const migrationsList = await readMigrationsList(directory);
  // An empty list would "succeed" and leave a database without tables; fail where the cause is.
  if (migrationsList.migrationDirectories.length === 0) {
    throw new Error(`No migrations found in ${directory}`);
  }
  try {
    // A new SQLite file gets its page size before the engine creates any table in it.
    if (target.kind === 'sqlite') createSqliteFile(target.file);
    // The fast path reads SQLite's own records; PostgreSQL always asks the engine.
    if (target.kind === 'sqlite' && (await migrationsAlreadyApplied(target.file, migrationsList))) return { applied: [] };
    const output = await withSchemaEngine(target, (engine) =>
      engine.applyMigrations({ migrationsList, filters: schemaFilterFor(target.kind) }),
    );
    return { applied: output.appliedMigrationNames };
  } catch (error) {
    throw new Error(`Could not apply the migrations in ${directory} to ${describeDatabase(target)}`, {
      cause: error,
    });
  }
}
