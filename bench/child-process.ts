/**
 * Bench contenders run in processes of their own, as they would in use: started with tsx, they
 * print one `ready <address>` line on stdout when they answer. Their RSS is read from /proc.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { IpcPeer } from './ipc-peer';

export const PROJECT_ROOT = fileURLToPath(new URL('../', import.meta.url));

export interface BenchChild {
  child: ChildProcess;
  /** What followed `ready ` on its ready line. */
  address: string;
  /** Milliseconds from spawn to the ready line. */
  readyMs: number;
  /** Its IPC channel, when started with `ipc: true`. */
  peer: IpcPeer | undefined;
  stderr(): string;
  /** Resident set size in MiB (Linux), NaN where /proc is absent. */
  rssMiB(): number;
  /** The RSS in MiB of the process and of each process it started, their children's too, itself first. */
  treeRssMiB(): number[];
  /** Bytes the process has caused to be written to storage so far (Linux /proc/<pid>/io write_bytes). */
  writeBytes(): number;
  stop(): Promise<void>;
}

export async function startChild(
  args: readonly string[],
  options: { env?: Record<string, string | undefined>; readyLine?: RegExp; ipc?: boolean } = {},
): Promise<BenchChild> {
  const readyLine = options.readyLine ?? /^ready (\S+)$/m;
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: PROJECT_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', ...options.env },
    stdio: options.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
  const peer = options.ipc ? new IpcPeer(child) : undefined;
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const address = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = readyLine.exec(stdout);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code} before it was ready:\n${stderr}`)));
  });
  const readyMs = performance.now() - started;
  return {
    child,
    address,
    readyMs,
    peer,
    stderr: () => stderr,
    rssMiB: () => rssMiB(child.pid),
    treeRssMiB: () => (child.pid === undefined ? [] : processTree(child.pid).map(rssMiB)),
    writeBytes: () => writeBytes(child.pid),
    stop: () => stopChild(child),
  };
}

export function rssMiB(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
    return match ? Number(match[1]) / 1024 : Number.NaN;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return Number.NaN;
    throw error;
  }
}

/**
 * What the kernel counts as sent to the storage layer: pages the process dirtied, so a page written
 * twice before it reaches the disk counts once, as the disk sees it. Sockets and pipes do not count.
 */
export function writeBytes(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const match = /^write_bytes: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'));
  return match ? Number(match[1]) : Number.NaN;
}

/** `pid` and every process below it, parents before their children. */
function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readdirSync(`/proc/${pid}/task`).flatMap((thread) =>
      readFileSync(`/proc/${pid}/task/${thread}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
    );
  } catch (error) {
    // A process that ended meanwhile has no children left to count.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return [pid, ...children.flatMap(processTree)];
}

/**
 * Stops the child and every process it started: a child started through npm (`npm start`) runs
 * Baton under a shell, and a SIGTERM to npm alone reaches that shell, not Baton, which would run on.
 */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const below = child.pid === undefined ? [] : processTree(child.pid).slice(1);
  await new Promise<void>((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
    for (const pid of below) signal(pid, 'SIGTERM');
  });
  for (const pid of below) await processEnd(pid);
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (error) {
    // It ended already.
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** Waits for a process that is not this one's child to end (gone from /proc, or a zombie no one reaped yet). SIGKILL after 10 s. */
async function processEnd(pid: number): Promise<void> {
  const started = performance.now();
  while (isRunning(pid)) {
    if (performance.now() - started > 10_000) signal(pid, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function isRunning(pid: number): boolean {
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
