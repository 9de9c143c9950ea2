/**
 * `npm run migration:create -- <name>`: writes the SQL that takes the database from the committed
 * migrations to prisma/schema.prisma, as `prisma migrate dev --create-only` would. The CLI's
 * version needs a native engine binary; this uses the WebAssembly engine.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { migrationsDirectory } from '../server/store/migrate';
import {
  MIGRATION_LOCK_FILE,
  MIGRATION_SQL_FILE,
  NO_SCHEMA_FILTER,
  SQLITE_MIGRATION_LOCK,
  readMigrationsList,
  withSchemaEngine,
  type MigrationList,
  type SchemaContainer,
} from '../server/store/schema-engine';

const schemaFile = join(migrationsDirectory, '..', 'schema.prisma');

/** The CLI's folder name: UTC time to the second, then the name, so that name order is age order. */
function migrationFolderName(name: string, now = new Date()): string {
  const timestamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `${timestamp}_${name}`;
}

/**
 * The SQL from the committed migrations to the schema. The engine's own `diff` from
 * `{tag: 'migrations'}` replays each migration.sql on its shadow database through `executeRaw`,
 * which better-sqlite3 limits to one statement, so any real migration fails there ("failed to
 * apply cleanly to the shadow database"). Instead we apply them to a scratch database the way the
 * relay does (`applyMigrations`, which uses `executeScript`) and diff that database.
 */
async function diffFromMigrations(migrationsList: MigrationList, schema: SchemaContainer) {
  const scratchFolder = await mkdtemp(join(tmpdir(), 'baton-migration-'));
  try {
    return await withSchemaEngine(join(scratchFolder, 'scratch.db'), async (engine) => {
      await engine.applyMigrations({ migrationsList, filters: NO_SCHEMA_FILTER });
      return engine.diff({
        from: { tag: 'schemaDatasource', files: [schema], configDir: dirname(schema.path) },
        to: { tag: 'schemaDatamodel', files: [schema] },
        script: true,
        // With exitCode set the engine answers 2 when there is a difference and 0 when there is none.
        exitCode: true,
        filters: NO_SCHEMA_FILTER,
      });
    });
  } finally {
    await rm(scratchFolder, { recursive: true, force: true });
  }
}

async function createMigration(name: string): Promise<string | null> {
  const migrationsList = await readMigrationsList(migrationsDirectory);
  const schema = { path: schemaFile, content: await readFile(schemaFile, 'utf8') };
  const diff = await diffFromMigrations(migrationsList, schema);
  if (diff.exitCode === 0) return null;

  const folder = join(migrationsDirectory, migrationFolderName(name));
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, MIGRATION_SQL_FILE), `${(diff.stdout ?? '').trim()}\n`);
  if (migrationsList.lockfile.content === null) {
    await writeFile(join(migrationsDirectory, MIGRATION_LOCK_FILE), SQLITE_MIGRATION_LOCK);
  }
  return folder;
}

const name = process.argv[2];
if (name === undefined || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: npm run migration:create -- <name>   (lower case, digits and _ only)');
  process.exit(2);
}
const folder = await createMigration(name);
console.log(
  folder === null
    ? 'The migrations already match prisma/schema.prisma; nothing written.'
    : `Wrote ${folder}`,
);
