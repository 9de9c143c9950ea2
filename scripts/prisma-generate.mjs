/**
 * Runs `prisma generate` through the project's own Prisma CLI (also the `postinstall` step), twice:
 * the SQLite client from prisma/schema.prisma, and the PostgreSQL client from the same schema with
 * only its provider and output changed. A generated client refuses a driver adapter of another
 * provider, so a store that can run on both needs both; the schema stays one file.
 *
 * The CLI insists on finding a schema-engine binary even for `generate`, which never runs it, and
 * downloads one when it is missing; that download is not possible offline. Naming any existing
 * file in PRISMA_SCHEMA_ENGINE_BINARY stops the download. A binary the user set is kept.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { postgresSchema } from '../server/store/postgres-schema.mjs';

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const schemaFile = join(projectRoot, 'prisma', 'schema.prisma');
const require = createRequire(import.meta.url);

let prismaCli;
try {
  prismaCli = require.resolve('prisma/build/index.js');
} catch (error) {
  console.error('prisma-generate: the Prisma CLI (npm package "prisma") is not installed.', error);
  process.exit(1);
}

function generate(schemaPath) {
  const result = spawnSync(process.execPath, [prismaCli, 'generate', '--schema', schemaPath], {
    cwd: projectRoot,
    stdio: 'inherit',
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || process.execPath,
      PRISMA_HIDE_UPDATE_MESSAGE: '1',
    },
  });
  if (result.error) {
    console.error('prisma-generate: could not start the Prisma CLI.', result.error);
    process.exit(1);
  }
  // A CLI killed by a signal has no status; report it as a failure rather than success.
  if (result.status !== 0) process.exit(result.status ?? 1);
}

generate(schemaFile);
const scratch = mkdtempSync(join(tmpdir(), 'baton-prisma-'));
try {
  const derived = join(scratch, 'schema.prisma');
  const output = join(projectRoot, 'server', 'store', 'generated-pg');
  writeFileSync(derived, postgresSchema(readFileSync(schemaFile, 'utf8'), output));
  generate(derived);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
