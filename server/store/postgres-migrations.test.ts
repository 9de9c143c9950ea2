import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { postgresSchema } from './postgres-schema.mjs';
import { migrationsDirectoryFor, POSTGRES_SCHEMA_SNAPSHOT } from './migrate';

describe("PostgreSQL's migrations", () => {
  it('were made from the schema as it is now (a schema change needs `npm run migration:create`)', async () => {
    const schema = await readFile(path.join(migrationsDirectoryFor('sqlite'), '..', 'schema.prisma'), 'utf8');
    const snapshot = await readFile(path.join(migrationsDirectoryFor('postgresql'), '..', POSTGRES_SCHEMA_SNAPSHOT), 'utf8');
    expect(snapshot).toBe(postgresSchema(schema));
  });
});
