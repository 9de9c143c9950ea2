import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterEach, expect, it } from 'vitest';

const run = promisify(execFile);
let folder: string | undefined;

afterEach(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

it("names the TypeScript source's file and line for a frame of the bundle, and leaves other frames as they were", async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'baton-stack-traces-'));
  const source = path.join(folder, 'thrower.ts');
  await writeFile(source, 'const padding: number = 1;\n\nexport function fail(): never {\n  throw new Error(`broken ${padding}`);\n}\n');
  const bundle = path.join(folder, 'bundle.mjs');
  await build({
    entryPoints: [source],
    outfile: bundle,
    bundle: true,
    format: 'esm',
    platform: 'node',
    sourcemap: 'linked',
    logLevel: 'silent',
  });

  // In a Node of its own: the test runner loads modules through its own transform, which moves lines.
  const script = [
    `import { mapBundleStackTraces } from ${JSON.stringify(pathToFileURL(path.resolve('bin/relay-stack-traces.mjs')).href)};`,
    `mapBundleStackTraces(${JSON.stringify(bundle)});`,
    `const { fail } = await import(${JSON.stringify(pathToFileURL(bundle).href)});`,
    'try { fail(); } catch (error) { process.stdout.write(error.stack); }',
  ].join('\n');
  const { stdout } = await run(process.execPath, ['--input-type=module', '--eval', script]);
  const lines = stdout.split('\n');
  expect(lines[0]).toBe('Error: broken 1');
  expect(lines[1]).toBe(`    at fail (${source}:4:9)`);
  expect(lines[2]).toMatch(/^ {4}at file:.*\[eval1\]:4:/);
});

it('names the TypeScript source of a frame in a chunk the bundle split off (a module it imports only when needed)', async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'baton-stack-traces-'));
  const thrower = path.join(folder, 'late-thrower.ts');
  await writeFile(thrower, 'export function failLater(): never {\n\n  throw new Error("late");\n}\n');
  const entry = path.join(folder, 'entry.ts');
  await writeFile(entry, "export async function run(): Promise<void> {\n  (await import('./late-thrower')).failLater();\n}\n");
  const outdir = path.join(folder, 'build');
  await build({
    entryPoints: { relay: entry },
    outdir,
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    format: 'esm',
    platform: 'node',
    sourcemap: 'linked',
    logLevel: 'silent',
  });
  const bundle = path.join(outdir, 'relay.mjs');
  const script = [
    `import { mapBundleStackTraces } from ${JSON.stringify(pathToFileURL(path.resolve('bin/relay-stack-traces.mjs')).href)};`,
    `mapBundleStackTraces(${JSON.stringify(bundle)});`,
    `const { run } = await import(${JSON.stringify(pathToFileURL(bundle).href)});`,
    'try { await run(); } catch (error) { process.stdout.write(error.stack); }',
  ].join('\n');
  const { stdout } = await run(process.execPath, ['--input-type=module', '--eval', script]);
  const lines = stdout.split('\n');
  expect(lines[0]).toBe('Error: late');
  // The chunk's frame and the entry's, each named by its own source.
  expect(lines[1]).toMatch(new RegExp(`^ {4}at (Module\\.)?failLater \\(${thrower}:3:9\\)$`));
  expect(lines[2]).toMatch(new RegExp(`^ {4}at (async )?run \\(${entry}:2:\\d+\\)$`));
});
