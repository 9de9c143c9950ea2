/**
 * `npm run migration:create -- <name>`: writes the SQL that takes each database from its committed
 * migrations to prisma/schema.prisma, as `prisma migrate dev --create-only` would: for SQLite in
 * prisma/migrations and for PostgreSQL in prisma/postgresql/migrations (a temporary server from
 * Debian's postgresql package is started for it). The CLI's version needs a native engine binary;
 * this uses the WebAssembly engine.
 *
 * SQL written by hand into a SQLite migration (an FTS5 table, a trigger) has no PostgreSQL
 * counterpart made for it: write that one by hand too, in the PostgreSQL migration of the same name.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import type { DatabaseTarget } from '../server/store/database-target';
import { EVENT_TYPE_INDEXES } from '../server/store/last-event-of-type';
import { migrationsDirectoryFor, POSTGRES_SCHEMA_SNAPSHOT } from '../server/store/migrate';
import {
  MIGRATION_LOCK_FILE,
  MIGRATION_SQL_FILE,
  migrationLock,
  readMigrationsList,
  schemaFilterFor,
  withSchemaEngine,
  type MigrationList,
  type SchemaContainer,
} from '../server/store/schema-engine';
import { postgresSchema } from '../server/store/postgres-schema.mjs';
import { startTemporaryPostgres } from '../server/store/temporary-postgres';

const schemaFile = join(migrationsDirectoryFor('sqlite'), '..', 'schema.prisma');

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
async function diffFromMigrations(scratch: DatabaseTarget, migrationsList: MigrationList, schema: SchemaContainer) {
  await withSchemaEngine(scratch, (engine) => engine.applyMigrations({ migrationsList, filters: schemaFilterFor(scratch.kind) }));
  // Between two engines: the engine's connection holds the file locked.
  if (scratch.kind === 'sqlite') dropHandWrittenIndexes(scratch.file);
  return withSchemaEngine(scratch, (engine) =>
    engine.diff({
      from: { tag: 'schemaDatasource', files: [schema], configDir: dirname(schema.path) },
      to: { tag: 'schemaDatamodel', files: [schema] },
      script: true,
      // With exitCode set the engine answers 2 when there is a difference and 0 when there is none.
      exitCode: true,
      filters: schemaFilterFor(scratch.kind),
    }),
  );
}

/**
 * The partial indexes written into migrations by hand (last-event-of-type.ts): the Prisma schema
 * cannot say them, and the engine fails to describe a SQLite database that holds one ("column not
 * found"). Dropped from the scratch copy, they neither break the diff nor show in it.
 */
function dropHandWrittenIndexes(file: string): void {
  const database = new Database(file);
  try {
    for (const index of EVENT_TYPE_INDEXES) database.exec(`DROP INDEX IF EXISTS "${index}"`);
  } finally {
    database.close();
  }
}

async function writeMigration(
  kind: DatabaseTarget['kind'],
  folderName: string,
  scratch: DatabaseTarget,
  schema: SchemaContainer,
): Promise<string | null> {
  const directory = migrationsDirectoryFor(kind);
  const migrationsList = await readMigrationsList(directory);
  const diff = await diffFromMigrations(scratch, migrationsList, schema);
  if (diff.exitCode === 0) return null;
  const folder = join(directory, folderName);
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, MIGRATION_SQL_FILE), `${(diff.stdout ?? '').trim()}\n`);
  if (migrationsList.lockfile.content === null) {
    await writeFile(join(directory, MIGRATION_LOCK_FILE), migrationLock(kind));
  }
  return folder;
}

/**
 * PostgreSQL's migration is the diff between two schema texts: the one its committed migrations
 * were made from (kept beside them, POSTGRES_SCHEMA_SNAPSHOT) and today's. The wasm engine cannot
 * diff a live PostgreSQL database: reading its catalog through the `pg` adapter fails on the
 * catalog's "char" columns, which the adapter does not map.
 */
async function writePostgresMigration(folderName: string, sqliteSchema: string): Promise<string | null> {
  const directory = migrationsDirectoryFor('postgresql');
  const snapshotFile = join(directory, '..', POSTGRES_SCHEMA_SNAPSHOT);
  // No snapshot yet means no PostgreSQL migration yet: the first one is made from an empty database.
  const previous = await readFile(snapshotFile, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  const next = postgresSchema(sqliteSchema);
  // The engine insists on a live connection even for a diff between two texts, which it never queries.
  const server = await startTemporaryPostgres();
  const diff = await withSchemaEngine({ kind: 'postgresql', url: server.url('postgres') }, (engine) =>
    engine.diff({
      from: previous === null ? { tag: 'empty' } : { tag: 'schemaDatamodel', files: [{ path: snapshotFile, content: previous }] },
      to: { tag: 'schemaDatamodel', files: [{ path: schemaFile, content: next }] },
      script: true,
      exitCode: true,
      filters: schemaFilterFor('postgresql'),
    }),
  ).finally(() => server.stop());
  if (diff.exitCode === 0) return null;
  const folder = join(directory, folderName);
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, MIGRATION_SQL_FILE), `${(diff.stdout ?? '').trim()}\n`);
  await writeFile(join(directory, MIGRATION_LOCK_FILE), migrationLock('postgresql'));
  await writeFile(snapshotFile, next);
  return folder;
}

async function createMigrations(name: string): Promise<string[]> {
  const folderName = migrationFolderName(name);
  const sqliteSchema = await readFile(schemaFile, 'utf8');
  const written: (string | null)[] = [];

  const scratchFolder = await mkdtemp(join(tmpdir(), 'baton-migration-'));
  try {
    const scratch: DatabaseTarget = { kind: 'sqlite', file: join(scratchFolder, 'scratch.db') };
    written.push(await writeMigration('sqlite', folderName, scratch, { path: schemaFile, content: sqliteSchema }));
  } finally {
    await rm(scratchFolder, { recursive: true, force: true });
  }

  written.push(await writePostgresMigration(folderName, sqliteSchema));
  return written.filter((folder) => folder !== null);
}

const name = process.argv[2];
if (name === undefined || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: npm run migration:create -- <name>   (lower case, digits and _ only)');
  process.exit(2);
}
const folders = await createMigrations(name);
console.log(
  folders.length === 0
    ? 'The migrations already match prisma/schema.prisma; nothing written.'
    : folders.map((folder) => `Wrote ${folder}`).join('\n'),
);
