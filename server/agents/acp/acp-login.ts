/**
 * ACP's terminal authentication (https://agentclientprotocol.com/protocol/authentication, "Terminal
 * authentication") and `logout`. An agent that answers `auth_required` (-32000) and lists a
 * `terminal` auth method is run again, as configured plus the method's `args` and `env`, in a
 * pseudo-terminal the page shows and types into; exit 0 means logged in (the caller then starts
 * the agent afresh, as v1 asks), anything else fails the waiting turn with what happened. The
 * login command gets what the agent's own process gets: the same environment rules (the relay's
 * secrets left out) and, when config.json sandboxes agents, the same sandbox. One login terminal
 * at a time; it is stopped with its turn, its thread's closing, or the relay's.
 */
import path from 'node:path';
import type { AuthMethod } from '@agentclientprotocol/sdk';
import { argumentsHoldingRelaySecret, SECRET_IN_COMMAND_LINE } from '../../process/relay-secrets';
import type { AgentFactoryContext } from '../agent-factory';
import type { AgentLogin, AgentLoginStatus } from '../agent-login';
import type { StdioAgentEntry } from '../agents-config';
import { childEnvironment } from '../external/child-environment';
import { LoginTerminalProcess } from './login-terminal-process';

/** JSON-RPC error code of ACP's `auth_required`. */
const AUTH_REQUIRED = -32000;

export type TerminalAuthMethod = Extract<AuthMethod, { type: 'terminal' }>;

interface Running {
  threadId: string;
  methodName: string;
  process?: LoginTerminalProcess;
  failure?: string;
  stopped: boolean;
}

export function isAuthRequired(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === AUTH_REQUIRED;
}

/** The first `terminal` method the agent lists: the one Baton can run for the user. */
export function terminalAuthMethod(methods: readonly AuthMethod[]): TerminalAuthMethod | undefined {
  return methods.find((method): method is TerminalAuthMethod => 'type' in method && method.type === 'terminal');
}

export interface AcpLoginOptions {
  entry: StdioAgentEntry;
  context: AgentFactoryContext;
  /** Sends `logout` to the running agent. */
  logout(): Promise<void>;
}

export class AcpLogin implements AgentLogin {
  private running: Running | undefined;
  private canLogOut = false;
  private readonly listeners: ((status: AgentLoginStatus) => void)[] = [];
  private announced = false;

  constructor(private readonly options: AcpLoginOptions) {}

  current(): AgentLoginStatus {
    const running = this.running;
    if (!running) return { canLogOut: this.canLogOut, terminal: null };
    return {
      canLogOut: this.canLogOut,
      terminal: {
        threadId: running.threadId,
        methodName: running.methodName,
        state: running.failure === undefined ? 'running' : 'failed',
        output: running.process?.output ?? '',
        ...(running.failure !== undefined ? { message: running.failure } : {}),
      },
    };
  }

  onUpdated(listener: (status: AgentLoginStatus) => void): void {
    this.listeners.push(listener);
  }

  /** What the agent's `initialize` advertised. */
  setCanLogOut(canLogOut: boolean): void {
    if (canLogOut === this.canLogOut) return;
    this.canLogOut = canLogOut;
    this.changed();
  }

  input(text: string): void {
    const running = this.running;
    if (!running?.process || running.failure !== undefined) throw new Error(`${this.name} has no login running to type into.`);
    running.process.write(text);
  }

  cancel(): void {
    const running = this.running;
    if (!running) return;
    if (running.failure !== undefined) {
      this.running = undefined;
      this.changed();
      return;
    }
    running.stopped = true;
    void running.process?.stop();
  }

  async logout(): Promise<void> {
    if (!this.canLogOut) throw new Error(`${this.name} does not offer to log out.`);
    await this.options.logout();
  }

  /**
   * Runs the agent's login for `threadId`'s turn: resolves once it exited 0; rejects with what to
   * tell the user otherwise (a failed one stays on the page until dismissed or another starts).
   */
  async run(threadId: string, method: TerminalAuthMethod, signal: AbortSignal): Promise<void> {
    if (this.running && this.running.failure === undefined) {
      throw new Error(`${this.name} is already waiting for a login in another thread: finish or cancel that one first.`);
    }
    const running: Running = { threadId, methodName: method.name, stopped: false };
    this.running = running;
    this.changed();
    const stop = () => {
      running.stopped = true;
      void running.process?.stop();
    };
    signal.addEventListener('abort', stop, { once: true });
    try {
      running.process = await LoginTerminalProcess.start(await this.spawnSpec(method), () => this.outputChanged());
      if (running.stopped) void running.process.stop();
      this.changed();
      const exit = await running.process.exited;
      if (running.stopped) throw new Error(`The login to ${this.name} was cancelled.`);
      if (exit.exitCode === 0 && !exit.signal) {
        this.running = undefined;
        this.changed();
        return;
      }
      const how = exit.signal ? `was killed by signal ${exit.signal}` : `exited with code ${exit.exitCode}`;
      throw this.failed(running, `The login command ${how}.`);
    } catch (error) {
      if (running.stopped) {
        if (this.running === running) this.running = undefined;
        this.changed();
        throw new Error(`The login to ${this.name} was cancelled.`, { cause: error });
      }
      if (running.failure === undefined) this.failed(running, error instanceof Error ? error.message : String(error));
      throw new Error(`${this.name} needs you to log in, and the login did not succeed: ${running.failure}`, { cause: error });
    } finally {
      signal.removeEventListener('abort', stop);
    }
  }

  /** The thread is closed: a login its turn waits for goes with it. */
  stopFor(threadId: string): void {
    if (this.running?.threadId === threadId) this.cancel();
  }

  async close(): Promise<void> {
    const running = this.running;
    if (!running) return;
    running.stopped = true;
    await running.process?.stop();
  }

  private get name(): string {
    return this.options.entry.label ?? this.options.context.name;
  }

  private failed(running: Running, message: string): Error {
    running.failure = message;
    this.changed();
    return new Error(message);
  }

  /** The agent's own command line and environment, with the method's args appended and its env over the configured one. */
  private async spawnSpec(method: TerminalAuthMethod) {
    const { entry, context } = this.options;
    const args = [...(entry.args ?? []), ...(method.args ?? [])];
    if (argumentsHoldingRelaySecret([entry.command, ...args]) !== -1) throw new Error(SECRET_IN_COMMAND_LINE);
    const env = childEnvironment({ env: { ...entry.env, ...method.env }, passEnv: entry.passEnv }, context.env, (name) =>
      context.log(`${name} is left out of the login command's environment: it holds the relay's token`),
    );
    const plain = { command: entry.command, args, cwd: path.resolve(context.workspace.root, entry.cwd ?? '.'), env };
    return context.sandbox ? context.sandbox.wrapProcess(plain, 'agents') : plain;
  }

  /** Output comes in many small chunks: the page hears of them once a tick. */
  private outputChanged(): void {
    if (this.announced) return;
    this.announced = true;
    setImmediate(() => {
      this.announced = false;
      this.changed();
    });
  }

  private changed(): void {
    const status = this.current();
    for (const listener of this.listeners) listener(status);
  }
}
