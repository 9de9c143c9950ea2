/**
 * One ACP terminal (https://agentclientprotocol.com/protocol/terminals): a command the agent asked
 * the client to run. Run like the built-in `shell_command` (shell-process.ts) in every way but
 * one: the command is executed as given, with its arguments, and never through a shell; an agent
 * that wants one names it (`sh`, `["-c", "…"]`). Its own process group, so kill and release stop
 * whatever it started; its output kept up to the agent's byte limit, dropping the oldest first
 * (output-tail.ts: no work per chunk beyond the chunk's own size, whatever is kept).
 */
import { spawn } from 'node:child_process';
import { OutputTail } from './output-tail';

const KILL_GRACE_MS = 2_000;
/** When the agent sets no limit: enough for any log a model reads, bounded for the relay. */
export const DEFAULT_OUTPUT_BYTE_LIMIT = 1024 * 1024;

export interface TerminalProcessOptions {
  command: string;
  args: readonly string[];
  cwd: string;
  env: Readonly<Record<string, string>>;
  outputByteLimit?: number;
  onOutput(chunk: string): void;
}

export interface TerminalExit {
  exitCode: number | null;
  signal: string | null;
}

export class TerminalProcess {
  private readonly output: OutputTail;
  private exitStatus: TerminalExit | undefined;
  private killTimer: NodeJS.Timeout | undefined;
  readonly exited: Promise<TerminalExit>;
  private readonly pid: number | undefined;

  constructor(private readonly options: TerminalProcessOptions) {
    this.output = new OutputTail(options.outputByteLimit ?? DEFAULT_OUTPUT_BYTE_LIMIT);
    const child = spawn(options.command, [...options.args], {
      cwd: options.cwd,
      env: { ...options.env } as NodeJS.ProcessEnv,
      shell: false,
      // No input: a command that waits for some reads end-of-file instead of hanging.
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
      windowsHide: true,
    });
    this.pid = child.pid;
    for (const stream of [child.stdout, child.stderr]) {
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => this.append(chunk));
    }
    this.exited = new Promise<TerminalExit>((resolve) => {
      // A command that cannot start (not found) is reported as output and exit code 127, as a shell would.
      child.once('error', (error) => {
        this.append(`${error.message}\n`);
        resolve({ exitCode: 127, signal: null });
      });
      child.once('close', (exitCode, signal) => resolve({ exitCode, signal }));
    }).then((exit) => {
      this.exitStatus = exit;
      clearTimeout(this.killTimer);
      // Whatever it left running in the background goes with it.
      this.signalGroup('SIGKILL');
      return exit;
    });
  }

  /** `terminal/output`: what it printed so far (the end of it, within the limit). */
  currentOutput(): { output: string; truncated: boolean; exitStatus?: TerminalExit } {
    return { output: this.output.text(), truncated: this.output.truncated, ...(this.exitStatus ? { exitStatus: this.exitStatus } : {}) };
  }

  /** `terminal/kill` and `terminal/release`: SIGTERM to the group, SIGKILL after a grace period. */
  kill(): void {
    if (this.exitStatus || this.killTimer) return;
    this.signalGroup('SIGTERM');
    this.killTimer = setTimeout(() => this.signalGroup('SIGKILL'), KILL_GRACE_MS);
  }

  private append(chunk: string): void {
    this.options.onOutput(chunk);
    this.output.append(chunk);
  }

  private signalGroup(signal: NodeJS.Signals): void {
    if (this.pid === undefined) return;
    try {
      process.kill(-this.pid, signal);
    } catch (error) {
      // ESRCH: nothing is left in the group, which is what stopping it is after.
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
    }
  }
}
