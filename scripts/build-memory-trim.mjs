/**
 * Builds native/memory-trim.c into .native-build/memory-trim.node at `npm install` (Linux with
 * glibc only: malloc_trim is glibc's), with the system's C compiler and the running Node's own
 * headers. Optional: without a compiler or headers Baton runs as well, only holding some 10-20 MiB
 * more at rest (server/process/memory-trim.ts), so a failed build says why in one line and the
 * install goes on.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PROJECT_ROOT = fileURLToPath(new URL('../', import.meta.url));
const SOURCE = path.join(PROJECT_ROOT, 'native', 'memory-trim.c');
const OUTPUT = path.join(PROJECT_ROOT, '.native-build', 'memory-trim.node');

function skip(why) {
  console.log(`baton: the memory trim is not built (${why}); Baton runs without it`);
}

/** Node's headers: beside the running node (official builds, nvm), or where npm is told they are. */
function nodeHeaders() {
  const candidates = [path.join(path.dirname(process.execPath), '..', 'include', 'node')];
  if (process.env.npm_config_nodedir) candidates.push(path.join(process.env.npm_config_nodedir, 'include', 'node'));
  return candidates.find((folder) => existsSync(path.join(folder, 'node_api.h')));
}

function build() {
  if (process.platform !== 'linux' || !process.report.getReport().header.glibcVersionRuntime) return skip('not Linux with glibc');
  const headers = nodeHeaders();
  if (headers === undefined) return skip("no node_api.h beside Node or in npm's nodedir");
  mkdirSync(path.dirname(OUTPUT), { recursive: true });
  const compiler = process.env.CC || 'cc';
  const result = spawnSync(compiler, ['-O2', '-shared', '-fPIC', '-I', headers, '-o', OUTPUT, SOURCE], { encoding: 'utf8' });
  if (result.error) return skip(`${compiler}: ${result.error.message}`);
  if (result.status !== 0) return skip(`${compiler} failed: ${result.stderr.trim().split('\n')[0]}`);
}

build();
