/**
 * Starts Baton's relay for a workspace folder through Baton's own launcher (`bin/baton.mjs`, which
 * keeps the relay's secrets out of its children's reach) and learns its address from the ready
 * line. `--port 0` takes a free port. The relay lives as long as the extension: stopping sends
 * SIGTERM to the launcher, which passes it on; SIGKILL follows if it does not end.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import type { FrameAccess } from './frame-access';
import { findReadyLine, type RelayAddress } from './ready-line';

export interface RelayStart {
  /** The Node.js that runs the launcher (Baton's native modules are built for it). */
  nodePath: string;
  launcherPath: string;
  workspaceRoot: string;
  access: FrameAccess;
  environment: NodeJS.ProcessEnv;
  /** Every line of the relay's stderr, and what happens to the process. */
  log(line: string): void;
}

export interface RunningRelay {
  address: RelayAddress;
  /** The launcher's process id. */
  pid: number;
  /** Resolves when the process has ended (by stop() or on its own). */
  exited: Promise<void>;
  stop(): Promise<void>;
}

const STOP_GRACE_MS = 5_000;

export function relayArguments(start: Pick<RelayStart, 'launcherPath' | 'workspaceRoot' | 'access'>): string[] {
  return [
    start.launcherPath,
    '--port',
    '0',
    '--workspace',
    start.workspaceRoot,
    '--frame-ancestors',
    start.access.frameAncestors,
    ...start.access.trustedOrigins.flatMap((origin) => ['--trusted-origin', origin]),
    ...start.access.allowedHosts.flatMap((host) => ['--allowed-host', host]),
  ];
}

export function startRelay(start: RelayStart): Promise<RunningRelay> {
  const child = spawn(start.nodePath, relayArguments(start), {
    cwd: start.workspaceRoot,
    env: start.environment,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  let stderrTail = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-4_000);
    for (const line of chunk.split('\n')) if (line.trim()) start.log(line);
  });
  return new Promise<RunningRelay>((resolve, reject) => {
    let stdout = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      stdout += chunk;
      let address: RelayAddress | undefined;
      try {
        address = findReadyLine(stdout);
      } catch (error) {
        reject(error);
        void stopChild(child, exited);
        return;
      }
      if (address) resolve({ address, pid: child.pid ?? -1, exited, stop: () => stopChild(child, exited) });
    });
    child.once('error', (error) => reject(new Error(`Could not run ${start.nodePath}: ${error.message}`, { cause: error })));
    child.once('exit', (code, signal) => {
      start.log(`relay ended (${signal ?? `exit code ${code}`})`);
      const why = lastBatonMessage(stderrTail) ?? `exit code ${code ?? signal}`;
      reject(new Error(`Baton's relay stopped before it was ready: ${why}`));
    });
  });
}

/** The relay says why it refused to start on its last `baton: ...` line (busy data folder, bad config). */
export function lastBatonMessage(stderr: string): string | undefined {
  const lines = stderr.split('\n').filter((line) => line.startsWith('baton: '));
  return lines.at(-1)?.slice('baton: '.length);
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), STOP_GRACE_MS)));
  const outcome = await Promise.race([exited.then(() => 'ended' as const), late]);
  clearTimeout(timer);
  if (outcome === 'late') {
    child.kill('SIGKILL');
    await exited;
  }
}
