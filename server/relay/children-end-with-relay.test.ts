import { type ChildProcess, spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { isProcessAlive, waitForProcessExit } from '../agents/builtin/mcp/process-liveness';

const FIXTURE = new URL('./testing/relay-with-children.ts', import.meta.url).pathname;
/** A bound, not a speed target: the watcher needs a moment, the machine may be busy. */
const GONE_WITHIN_MS = 15_000;

const fixtures: ChildProcess[] = [];

afterEach(() => {
  // A failed test must not leave its stand-in relay behind (its children then go with it).
  for (const fixture of fixtures.splice(0)) if (fixture.exitCode === null && fixture.signalCode === null) fixture.kill('SIGKILL');
});

/** Starts the stand-in relay; resolves with it and the pids of every child and grandchild it started. */
async function startFixture() {
  const relay = spawn(process.execPath, ['--import', 'tsx', FIXTURE], { stdio: ['ignore', 'pipe', 'pipe'] });
  fixtures.push(relay);
  let stderr = '';
  relay.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const pids = await new Promise<number[]>((resolve, reject) => {
    let stdout = '';
    relay.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('\n')) resolve(JSON.parse(stdout) as number[]);
    });
    relay.once('exit', (code) => reject(new Error(`the fixture exited with ${code}: ${stderr}`)));
  });
  return { relay, pids };
}

describe('children end with the relay', () => {
  for (const signal of ['SIGKILL', 'SIGHUP', 'SIGTERM'] as const) {
    it(`ends shell commands, agents and MCP servers, with what they started, when the relay dies of ${signal}`, async () => {
      const { relay, pids } = await startFixture();
      expect(pids).toHaveLength(6);
      expect(pids.every(isProcessAlive)).toBe(true);

      relay.kill(signal);
      const gone = await Promise.all(pids.map((pid) => waitForProcessExit(pid, GONE_WITHIN_MS)));
      expect(Object.fromEntries(pids.map((pid, index) => [pid, gone[index] ? 'gone' : 'still running']))).toEqual(
        Object.fromEntries(pids.map((pid) => [pid, 'gone'])),
      );
    });
  }
});
