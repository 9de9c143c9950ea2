/**
 * Brings a SQLite database up to the committed migrations in `prisma/migrations`, as
 * `prisma migrate deploy` would, but through the WebAssembly schema engine (no binary download).
 */
import { fileURLToPath } from 'node:url';
import { migrationsAlreadyApplied } from './migrations-applied';
import { NO_SCHEMA_FILTER, readMigrationsList, withSchemaEngine } from './schema-engine';

/** Resolved from this file, not the working directory: the relay may be started from anywhere. */
export const migrationsDirectory = fileURLToPath(new URL('../../prisma/migrations', import.meta.url));

/** Applies the migrations this database has not seen yet; returns their names (none the second time). */
export async function applyMigrations(databaseFile: string): Promise<{ applied: string[] }> {
  const migrationsList = await readMigrationsList(migrationsDirectory);
  // An empty list would "succeed" and leave a database without tables; fail where the cause is.
  if (migrationsList.migrationDirectories.length === 0) {
    throw new Error(`No migrations found in ${migrationsDirectory}`);
  }
  try {
    if (await migrationsAlreadyApplied(databaseFile, migrationsList)) return { applied: [] };
    const output = await withSchemaEngine(databaseFile, (engine) =>
      engine.applyMigrations({ migrationsList, filters: NO_SCHEMA_FILTER }),
    );
    return { applied: output.appliedMigrationNames };
  } catch (error) {
    throw new Error(`Could not apply the migrations in ${migrationsDirectory} to ${databaseFile}`, {
      cause: error,
    });
  }
}
