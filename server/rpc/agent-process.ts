/**
 * Starts an agent as a child process that speaks JSON-RPC over its stdin and stdout: no shell,
 * an explicit environment and working directory, stderr to the log, and a staged shutdown of
 * its whole process group (end stdin, then SIGTERM, then SIGKILL). The group also ends with the
 * relay, however the relay ends (server/process/child-guard.ts).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { FramingError } from '../../lib/rpc/framing/framing-error';
import type { MessageFraming } from '../../lib/rpc/framing/message-framing';
import type { Transport } from '../../lib/rpc/transport';
import { groupHasMembers, guardChildGroup } from '../process/child-guard';
import { createStdioTransport } from './stdio-transport';

export interface AgentProcessOptions {
  /** An executable: a path, or a name looked up on `env.PATH`. Never run through a shell. */
  command: string;
  args?: readonly string[];
  /** The working directory; required so it is never inherited by accident. */
  cwd: string;
  /** The child's whole environment; nothing of the relay's own is passed on unless listed here. */
  env: Readonly<Record<string, string>>;
  framing: MessageFraming;
  maxMessageBytes?: number;
  /** The relay's log: each line the child writes to stderr, and failures of the process. */
  log: (message: string) => void;
  onFramingError?: (error: FramingError) => void;
  /** How long each stage of the shutdown waits for the process to exit (default 2 s each). */
  shutdownGraceMs?: { afterStdinEnd?: number; afterSigterm?: number };
}

export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface AgentProcess {
  readonly pid: number;
  /** Messages to and from the agent; closing it ends the agent's stdin. */
  readonly transport: Transport;
  /** Settles once the process has exited, however that came about. */
  readonly exited: Promise<ProcessExit>;
  /** Stops the agent in stages; resolves once it has exited. Safe to call more than once. */
  shutdown(): Promise<ProcessExit>;
}

export type AgentProcessErrorCode = 'spawn-failed';

export class AgentProcessError extends Error {
  override readonly name = 'AgentProcessError';

  constructor(
    readonly code: AgentProcessErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const DEFAULT_GRACE_MS = 2_000;
/** A stderr line longer than this is logged in pieces rather than buffered without end. */
const MAX_STDERR_LINE = 16 * 1024;

export async function spawnAgentProcess(options: AgentProcessOptions): Promise<AgentProcess> {
  const child = spawn(options.command, [...(options.args ?? [])], {
    cwd: options.cwd,
    // Next.js's typings make NODE_ENV required on ProcessEnv; a child's environment needs no such thing.
    env: { ...options.env } as NodeJS.ProcessEnv,
    shell: false,
    stdio: 'pipe',
    // Its own process group, so that shutdown reaches whatever the agent starts in turn.
    detached: true,
    windowsHide: true,
  });
  const exited = new Promise<ProcessExit>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  await new Promise<void>((resolve, reject) => {
    child.once('spawn', resolve);
    child.once('error', (error) =>
      reject(new AgentProcessError('spawn-failed', `Could not start ${options.command}: ${error.message}`, { cause: error })),
    );
  });
  child.on('error', (error) => options.log(`agent process ${child.pid}: ${error.message}`));
  const releaseGuard = child.pid === undefined ? () => undefined : guardChildGroup(child.pid);
  // An agent that exits by itself leaving nothing behind lets its group number go; one that left
  // processes in its group stays guarded until shutdown() kills them.
  void exited.then(() => {
    if (child.pid !== undefined && !groupHasMembers(child.pid)) releaseGuard();
  });
  forwardStderr(child, options.log);
  const transport = createStdioTransport({
    input: child.stdout,
    output: child.stdin,
    framing: options.framing,
    maxMessageBytes: options.maxMessageBytes,
    onFramingError: options.onFramingError,
  });
  let stopping: Promise<ProcessExit> | undefined;
  return {
    pid: child.pid ?? -1,
    transport,
    exited,
    shutdown: () => (stopping ??= stopInStages(child, transport, exited, options).finally(releaseGuard)),
  };
}

async function stopInStages(
  child: ChildProcessWithoutNullStreams,
  transport: Transport,
  exited: Promise<ProcessExit>,
  options: AgentProcessOptions,
): Promise<ProcessExit> {
  const grace = options.shutdownGraceMs ?? {};
  // Stage 1: end stdin; a well-behaved agent exits when its input ends.
  transport.close();
  let exit = await exitWithin(exited, grace.afterStdinEnd ?? DEFAULT_GRACE_MS);
  if (!exit) {
    signalGroup(child, 'SIGTERM', options.log);
    exit = await exitWithin(exited, grace.afterSigterm ?? DEFAULT_GRACE_MS);
  }
  if (!exit) {
    options.log(`agent process ${child.pid} ignored SIGTERM; killing its process group`);
    signalGroup(child, 'SIGKILL', options.log);
    exit = await exited;
  }
  // Whatever the agent started and left behind in its group goes with it.
  signalGroup(child, 'SIGKILL', options.log);
  return exit;
}

function exitWithin(exited: Promise<ProcessExit>, ms: number): Promise<ProcessExit | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  return Promise.race([exited, timeout]).finally(() => clearTimeout(timer));
}

function signalGroup(child: ChildProcessWithoutNullStreams, signal: NodeJS.Signals, log: (message: string) => void) {
  if (child.pid === undefined) return;
  try {
    // A negative pid addresses the process group the child leads (it was spawned detached).
    if (process.platform === 'win32') child.kill(signal);
    else process.kill(-child.pid, signal);
  } catch (error) {
    // ESRCH: the group has no member left, which is what the shutdown is after.
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return;
    log(`could not send ${signal} to agent process ${child.pid}: ${(error as Error).message}`);
  }
}

function forwardStderr(child: ChildProcessWithoutNullStreams, log: (message: string) => void): void {
  let partial = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    if (partial.length > MAX_STDERR_LINE) {
      lines.push(partial);
      partial = '';
    }
    for (const line of lines) {
      const text = line.replace(/\r$/, '');
      if (text.trim()) log(`agent stderr: ${text}`);
    }
  });
  child.stderr.once('end', () => {
    if (partial) log(`agent stderr: ${partial}`);
  });
}
