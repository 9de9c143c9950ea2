/**
 * What the built relay loads at start: every package a module of the bundle imports statically is
 * loaded with the relay, however late the code that uses it runs. server/relay/start-up-packages.test.ts
 * checks the sources under tsx; this checks the bundle users run, built as bin/relay-build.mjs
 * builds it, by following the static imports of its entry through its chunks.
 */
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { expect, it } from 'vitest';
import { relayBuildOptions } from './relay-build.mjs';

/** Packages the built relay's entry reaches through static imports only. */
async function packagesLoadedAtStart(): Promise<Set<string>> {
  const outdir = path.join(os.tmpdir(), `baton-relay-build-${process.pid}`);
  const { metafile } = await build({ ...relayBuildOptions(outdir), write: false, metafile: true, logLevel: 'silent' });
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((name) => outputs[name]?.entryPoint?.endsWith('server/cli.ts'));
  if (!entry) throw new Error('the build has no entry for server/cli.ts');
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (output: string) => {
    if (seen.has(output)) return;
    seen.add(output);
    for (const imported of outputs[output]?.imports ?? []) {
      if (imported.kind !== 'import-statement') continue;
      if (imported.external) packages.add(packageName(imported.path));
      else visit(imported.path);
    }
  };
  visit(entry);
  return packages;
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? specifier);
}

it('loads socket.io and the store at start, and none of the packages only a command, a team, an install or an agent needs', async () => {
  const loaded = await packagesLoadedAtStart();
  // Seen: the walk follows the entry into its chunks.
  expect(loaded).toContain('socket.io');
  expect(loaded).toContain('@prisma/adapter-better-sqlite3');
  for (const late of [
    '@anthropic-ai/sdk',
    '@modelcontextprotocol/sdk',
    '@agentclientprotocol/sdk',
    '@prisma/adapter-pg',
    'pg',
    'ioredis',
    '@socket.io/redis-adapter',
    'socket.io-client',
    'web-push',
    'yauzl',
    'seek-bzip',
  ]) {
    expect(loaded, `${late} is imported statically by the built relay`).not.toContain(late);
  }
});
