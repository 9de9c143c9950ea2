/**
 * Baton at rest is one process: the launcher (`bin/baton.mjs`, what `npm start` runs) clears its
 * own environment block and becomes the relay, so no second Node process waits beside it. It stays
 * in the foreground: Ctrl-C or SIGTERM to that one process stops Baton, its port and its data
 * folder's lock with it, and the exit code is the relay's. No browser: what is checked lives in /proc.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCK_FILE } from '../server/store/data-dir-lock';
import { expect, test } from './fixtures/baton-test';

const TOKEN = 'one-process-token-0123456789abcdef0123456';

test.use({ relayOptions: { token: TOKEN } });

/** The processes `pid` started, from every one of its threads. */
function childrenOf(pid: number): number[] {
  return readdirSync(`/proc/${pid}/task`).flatMap((thread) =>
    readFileSync(`/proc/${pid}/task/${thread}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
  );
}

test('the launched process is the relay, alone, and its environment block holds no secret', async ({ relay, workspace }) => {
  expect(relay.relayPid).toBe(relay.launcherPid);
  expect(childrenOf(relay.launcherPid)).toEqual([]);
  const lock = JSON.parse(readFileSync(path.join(workspace.dataDir, LOCK_FILE), 'utf8')) as { pid: number };
  expect(lock.pid).toBe(relay.launcherPid);
  const environ = readFileSync(`/proc/${relay.launcherPid}/environ`, 'utf8');
  expect(environ).toContain('PATH=');
  expect(environ).not.toContain(TOKEN);
  expect(environ).not.toContain('test-key');
  // The token it was given, though only in its memory, is the one it asks for.
  expect(new URL(relay.url).hash).toContain(TOKEN);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  test(`${signal} to the launched process stops Baton: it exits 0, its port closes and the data folder is free`, async ({
    relay,
    workspace,
    startRelay,
  }) => {
    const lockPath = path.join(workspace.dataDir, LOCK_FILE);
    expect(existsSync(lockPath)).toBe(true);

    process.kill(relay.launcherPid, signal);

    expect(await relay.exit()).toEqual({ code: 0, signal: null });
    expect(existsSync(lockPath)).toBe(false);
    await expect(fetch(relay.origin)).rejects.toThrow();
    // The folder is free: a new relay takes it at once.
    const next = await startRelay();
    expect(JSON.parse(readFileSync(lockPath, 'utf8')).pid).toBe(next.launcherPid);
  });
}
