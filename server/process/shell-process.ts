/**
 * Runs one shell command line for the agent's `shell_command` tool: `/bin/sh -c` in an explicit
 * working directory with an explicit environment, in a process group of its own so that stopping
 * it reaches everything it started (SIGTERM to the group, then SIGKILL after a grace period), on
 * timeout, on Stop, and for whatever it leaves running in the background when it ends. The group
 * also ends with the relay, however the relay ends (server/process/child-guard.ts).
 *
 * The shell is the point here: the model writes a command line and the user approves that exact
 * line (or the approval policy does), so it is run as written, not taken apart.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { guardChildGroup } from './child-guard';
import type { SpawnSpec } from './sandbox-command';
import { CappedOutput } from './capped-output';

export const DEFAULT_KILL_GRACE_MS = 2_000;
export const DEFAULT_MAX_OUTPUT_CHARACTERS = 32_000;

export interface ShellCommandOptions {
  command: string;
  cwd: string;
  /** The whole environment of the command; nothing of the relay's own is passed on. */
  env: Readonly<Record<string, string>>;
  timeoutMs: number;
  /** Stop: the command and everything it started are stopped at once. */
  signal: AbortSignal;
  /** Each piece of stdout and stderr, in the order they arrive. */
  onOutput(chunk: string): void;
  maxOutputCharacters?: number;
  killGraceMs?: number;
  /** Starts it inside the sandbox (CommandSandbox's plan); as it is when omitted. */
  wrap?: (spec: SpawnSpec) => SpawnSpec;
}

export interface ShellCommandResult {
  /** 'exited' when the command ended by itself (any exit code). */
  ending: 'exited' | 'timed-out' | 'stopped';
  exitCode: number | null;
  exitSignal: NodeJS.Signals | null;
  /** stdout and stderr interleaved, capped (CappedOutput). */
  output: string;
}

export type ShellProcessErrorCode = 'spawn-failed';

export class ShellProcessError extends Error {
  override readonly name = 'ShellProcessError';
  readonly code: ShellProcessErrorCode = 'spawn-failed';
}

export function runShellCommand(options: ShellCommandOptions): Promise<ShellCommandResult> {
  if (options.signal.aborted) {
    return Promise.resolve({ ending: 'stopped', exitCode: null, exitSignal: null, output: '' });
  }
  const output = new CappedOutput(options.maxOutputCharacters ?? DEFAULT_MAX_OUTPUT_CHARACTERS);
  const plain = { command: '/bin/sh', args: ['-c', options.command], cwd: options.cwd, env: options.env };
  const started = options.wrap ? options.wrap(plain) : plain;
  const child = spawn(started.command, [...started.args], {
    cwd: started.cwd,
    // Next.js's typings make NODE_ENV required on ProcessEnv; a child's environment needs no such thing.
    env: { ...started.env } as NodeJS.ProcessEnv,
    // No input: a command that waits for some reads end-of-file instead of hanging.
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so that stopping reaches whatever the command starts in turn.
    detached: true,
    windowsHide: true,
  });
  const append = (chunk: string) => {
    output.append(chunk);
    options.onOutput(chunk);
  };
  for (const stream of [child.stdout, child.stderr]) {
    // Decoded per stream, so a character split across two chunks arrives whole.
    stream?.setEncoding('utf8');
    stream?.on('data', append);
  }
  const stopper = createGroupStopper(child, options.killGraceMs ?? DEFAULT_KILL_GRACE_MS, append);
  const releaseGuard = child.pid === undefined ? () => undefined : guardChildGroup(child.pid);

  return new Promise<ShellCommandResult>((resolve, reject) => {
    let ending: ShellCommandResult['ending'] = 'exited';
    const stop = (reason: 'timed-out' | 'stopped') => {
      if (ending !== 'exited' || child.exitCode !== null || child.signalCode !== null) return;
      ending = reason;
      stopper.stop();
    };
    const timer = setTimeout(() => stop('timed-out'), options.timeoutMs);
    const onAbort = () => stop('stopped');
    options.signal.addEventListener('abort', onAbort, { once: true });
    const cleanUp = () => {
      clearTimeout(timer);
      options.signal.removeEventListener('abort', onAbort);
      stopper.finish();
      releaseGuard();
    };

    child.once('error', (error) => {
      cleanUp();
      reject(new ShellProcessError(`Could not run the command: ${error.message}`, { cause: error }));
    });
    // What the command left running in the background would keep its output open and outlive
    // the approval; it is stopped with it.
    child.once('exit', () => stopper.stop());
    child.once('close', (exitCode, exitSignal) => {
      cleanUp();
      resolve({ ending, exitCode, exitSignal, output: output.text() });
    });
  });
}

/** SIGTERM to the whole group, SIGKILL after the grace period; `finish` kills what is left. */
function createGroupStopper(child: ChildProcess, graceMs: number, note: (text: string) => void) {
  let killTimer: NodeJS.Timeout | undefined;
  const signalGroup = (signal: NodeJS.Signals) => {
    if (child.pid === undefined) return;
    try {
      // A negative pid addresses the process group the child leads (it was spawned detached).
      process.kill(-child.pid, signal);
    } catch (error) {
      // ESRCH: nothing is left in the group, which is what stopping it is after.
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') {
        note(`\n[Could not send ${signal} to the command: ${(error as Error).message}]\n`);
      }
    }
  };
  return {
    stop() {
      if (killTimer) return;
      signalGroup('SIGTERM');
      killTimer = setTimeout(() => signalGroup('SIGKILL'), graceMs);
    },
    finish() {
      clearTimeout(killTimer);
      killTimer = undefined;
      signalGroup('SIGKILL');
    },
  };
}
