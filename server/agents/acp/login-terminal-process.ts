/**
 * One login command in a real pseudo-terminal (`@lydell/node-pty`, loaded when the first login
 * runs: a relay that logs nobody in never holds it), for agents whose login is an interactive
 * program. Its output is kept to a bounded tail; it is stopped with its whole process group (the
 * PTY makes it a session leader), SIGTERM then SIGKILL.
 */
import type { IPty } from '@lydell/node-pty';
import { MAX_LOGIN_OUTPUT_CHARS } from '../../../lib/protocol/agent-login';
import type { SpawnSpec } from '../../process/sandbox-command';

/** How long a stopped login command has after SIGTERM before SIGKILL. */
const KILL_GRACE_MS = 2_000;
const COLUMNS = 100;
const ROWS = 30;

export interface LoginExit {
  exitCode: number;
  signal?: number;
}

export class LoginTerminalProcess {
  private tail = '';
  private ended = false;
  readonly exited: Promise<LoginExit>;

  private constructor(
    private readonly pty: IPty,
    onOutput: () => void,
  ) {
    pty.onData((chunk) => {
      this.tail = (this.tail + chunk).slice(-MAX_LOGIN_OUTPUT_CHARS);
      onOutput();
    });
    this.exited = new Promise((resolve) =>
      pty.onExit((exit) => {
        this.ended = true;
        resolve(exit);
      }),
    );
  }

  static async start(spec: SpawnSpec, onOutput: () => void): Promise<LoginTerminalProcess> {
    const { spawn } = await import('@lydell/node-pty');
    const pty = spawn(spec.command, [...spec.args], {
      name: spec.env.TERM ?? 'xterm-256color',
      cols: COLUMNS,
      rows: ROWS,
      cwd: spec.cwd,
      env: { ...spec.env },
    });
    return new LoginTerminalProcess(pty, onOutput);
  }

  get output(): string {
    return this.tail;
  }

  write(text: string): void {
    if (!this.ended) this.pty.write(text);
  }

  async stop(): Promise<void> {
    if (this.ended) return;
    this.signalGroup('SIGTERM');
    const timer = setTimeout(() => this.signalGroup('SIGKILL'), KILL_GRACE_MS);
    await this.exited;
    clearTimeout(timer);
  }

  private signalGroup(signal: NodeJS.Signals): void {
    try {
      process.kill(-this.pty.pid, signal);
    } catch {
      // The group is already gone: the exit is on its way.
    }
  }
}
