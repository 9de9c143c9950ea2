/**
 * Runs `prisma generate` through the project's own Prisma CLI (also the `postinstall` step).
 *
 * The CLI insists on finding a schema-engine binary even for `generate`, which never runs it, and
 * downloads one when it is missing; that download is not possible offline. Naming any existing
 * file in PRISMA_SCHEMA_ENGINE_BINARY stops the download. A binary the user set is kept.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

let prismaCli;
try {
  prismaCli = require.resolve('prisma/build/index.js');
} catch (error) {
  console.error('prisma-generate: the Prisma CLI (npm package "prisma") is not installed.', error);
  process.exit(1);
}

const result = spawnSync(
  process.execPath,
  [prismaCli, 'generate', '--schema', join(projectRoot, 'prisma', 'schema.prisma')],
  {
    cwd: projectRoot,
    stdio: 'inherit',
    env: {
      ...process.env,
      PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || process.execPath,
      PRISMA_HIDE_UPDATE_MESSAGE: '1',
    },
  },
);

if (result.error) {
  console.error('prisma-generate: could not start the Prisma CLI.', result.error);
  process.exit(1);
}
// A CLI killed by a signal has no status; report it as a failure rather than success.
process.exit(result.status ?? 1);
