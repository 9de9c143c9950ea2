/**
 * The plain socket.io server compiled to one JavaScript file, as bin/relay-build.mjs compiles the
 * relay, so that the start-up baseline starts as Baton does: plain Node on a built file, no tsx.
 * Written under node_modules/.cache, where its packages resolve as the relay bundle's do.
 */
import path from 'node:path';
import { build } from 'esbuild';
import { PROJECT_ROOT } from './child-process';

export async function buildPlainForwarder(): Promise<string> {
  const outfile = path.join(PROJECT_ROOT, 'node_modules', '.cache', 'baton-bench', 'plain-forwarder.mjs');
  await build({
    entryPoints: [path.join(PROJECT_ROOT, 'bench', 'plain-forwarder.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    packages: 'external',
    logLevel: 'warning',
  });
  return outfile;
}
