/**
 * `npm start` is how most people start Baton, and how editors and process managers run it: npm,
 * its script shell, then Baton. Stopping npm with a signal (`kill <npm pid>`, a stop button) stops
 * Baton too, rather than leaving it running on its port with nothing to stop it.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { isProcessAlive } from '../server/agents/builtin/mcp/process-liveness';
import { PROJECT_ROOT } from '../server/relay/project-root';
import { makeTempFolder } from './support/relay-process';

/** The processes whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  const listed = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).trim();
  return listed === '' ? [] : listed.split(/\s+/).map(Number);
}

test('stopping `npm start` with a signal stops Baton, which frees its port', async () => {
  const workspace = await makeTempFolder('npm-start');
  let npm: ChildProcess | undefined;
  let baton: number | undefined;
  try {
    npm = spawn('npm', ['start', '--', '--port', '0', '--workspace', workspace.path, '--data-dir', path.join(workspace.path, '.baton')], {
      cwd: PROJECT_ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    npm.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    await expect.poll(() => stdout, { timeout: 60_000 }).toMatch(/^Baton ready: http:\/\/\S+$/m);
    const origin = new URL(/^Baton ready: (http:\/\/\S+)$/m.exec(stdout)?.[1] ?? '').origin;
    // npm → sh -c → node: Baton is the script shell's child.
    const [shell] = childrenOf(npm.pid ?? -1);
    [baton] = childrenOf(shell ?? -1);
    expect(baton).toBeDefined();
    expect((await fetch(origin)).status).toBe(200);

    const npmExit = once(npm, 'exit');
    npm.kill('SIGTERM');
    await npmExit;
    const batonPid = baton ?? -1;
    await expect.poll(() => isProcessAlive(batonPid), { timeout: 30_000 }).toBe(false);
    await expect(fetch(origin)).rejects.toThrow();
  } finally {
    if (baton !== undefined && isProcessAlive(baton)) process.kill(baton, 'SIGKILL');
    npm?.kill('SIGKILL');
    await workspace.remove();
  }
});
