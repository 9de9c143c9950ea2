import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadMemoryTrim, memoryTrimAddon } from './memory-trim';

const MODULE = fileURLToPath(new URL('./memory-trim.ts', import.meta.url));
const GLIBC =
  process.platform === 'linux' &&
  Boolean((process.report.getReport() as { header: { glibcVersionRuntime?: string } }).header.glibcVersionRuntime);

/**
 * A process that frees 80 MiB of small blocks below one it keeps (so glibc cannot give them back
 * by itself: only the top of an arena shrinks on its own), then releases: its RSS in MiB each side.
 */
const PROGRAM = `
import { readFileSync } from 'node:fs';
const { releaseFreedMemory } = await import(${JSON.stringify(MODULE)});
const rss = () => Number(/VmRSS:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
let blocks = Array.from({ length: 20_000 }, () => new Uint8Array(4096).fill(1));
const kept = new Uint8Array(4096).fill(1);
blocks = undefined;
for (let i = 0; i < 3; i += 1) globalThis.gc();
const before = rss();
const released = releaseFreedMemory();
console.log(JSON.stringify({ before, after: rss(), released, kept: kept.length }));
`;

function runProgram(): Promise<{ before: number; after: number; released: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', '--input-type=module', '--eval', PROGRAM], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(stdout)) : reject(new Error(`exit ${code}: ${stderr}`))));
  });
}

describe('releasing freed memory', () => {
  it('gives memory freed under a live block back to the system, where glibc runs (the install built the addon)', async () => {
    if (!GLIBC) {
      // Elsewhere the install builds no addon, and releasing is a no-op.
      expect(existsSync(memoryTrimAddon() ?? '')).toBe(false);
      return;
    }
    expect(existsSync(memoryTrimAddon() ?? '')).toBe(true);
    const { before, after, released } = await runProgram();
    expect(released).toBe(true);
    expect(before - after).toBeGreaterThan(40);
  });

  it('does nothing, and throws nothing, without the addon or with a file that is not one', () => {
    expect(loadMemoryTrim(undefined)()).toBe(false);
    expect(loadMemoryTrim('/nonexistent/memory-trim.node')()).toBe(false);
    expect(loadMemoryTrim(MODULE)()).toBe(false);
  });
});
