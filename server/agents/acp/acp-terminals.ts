/**
 * The terminals one agent process has open (https://agentclientprotocol.com/protocol/terminals):
 * `terminal/create` starts one in the workspace with only the allowed variables of the relay's
 * environment (command-environment.ts) plus what the request sets, in the command sandbox when it
 * holds; output, wait_for_exit, kill and release act on it by id; closing the agent kills them
 * all. What a terminal prints goes to `onOutput` as it comes, for the card of the tool call that
 * shows it, with the boundary it runs in.
 */
import { randomUUID } from 'node:crypto';
import type { ToolCallBoundary } from '../../../lib/protocol/thread-review';
import { CommandSandbox, type SandboxChoice } from '../../process/command-sandbox';
import type { Workspace } from '../../workspace/workspace';
import { pickCommandEnvironment } from '../../process/command-environment';
import { withoutRelaySecrets } from '../../process/relay-secrets';
import { asRequestError } from './acp-files';
import { acpRequestError } from './acp-sdk';
import { TerminalProcess } from './terminal-process';

export interface TerminalRequest {
  sessionId: string;
  command: string;
  args?: string[] | null;
  env?: Array<{ name: string; value: string }> | null;
  cwd?: string | null;
  outputByteLimit?: number | null;
}

export class AcpTerminals {
  private readonly terminals = new Map<string, { process: TerminalProcess; sessionId: string; boundary: ToolCallBoundary }>();

  constructor(
    private readonly workspace: Workspace,
    private readonly relayEnv: Readonly<Record<string, string | undefined>>,
    private readonly onOutput: (sessionId: string, terminalId: string, chunk: string) => void,
    private readonly sandbox: CommandSandbox = CommandSandbox.none(),
  ) {}

  /** The sandbox and network a terminal gets when no rule says otherwise. */
  sandboxDefaults(): SandboxChoice {
    return this.sandbox.defaults();
  }

  /** `choice`: this terminal's sandbox and network when a rule decides them; the config's defaults when omitted. */
  async create(request: TerminalRequest, choice: SandboxChoice = this.sandbox.defaults()): Promise<{ terminalId: string }> {
    let cwd: string;
    try {
      cwd = await this.workspace.resolve(request.cwd ?? '.');
      await this.workspace.assertWritable(cwd);
    } catch (error) {
      throw asRequestError(error, request.cwd ?? '.');
    }
    const requested = Object.fromEntries((request.env ?? []).map((variable) => [variable.name, variable.value]));
    // What the agent asks for cannot bring back a secret of the relay's (server/process/relay-secrets.ts).
    const env = withoutRelaySecrets({ ...pickCommandEnvironment(this.relayEnv), ...requested });
    const terminalId = `terminal-${randomUUID()}`;
    const sandbox = await this.sandbox.plan(choice);
    const process = new TerminalProcess({
      ...sandbox.wrap({ command: request.command, args: request.args ?? [], cwd, env }),
      ...(request.outputByteLimit ? { outputByteLimit: request.outputByteLimit } : {}),
      onOutput: (chunk) => this.onOutput(request.sessionId, terminalId, chunk),
    });
    this.terminals.set(terminalId, { process, sessionId: request.sessionId, boundary: sandbox.boundary });
    return { terminalId };
  }

  /**
   * The boundary terminal `terminalId` runs in (undefined for one Baton does not know: an agent may
   * name any id); with no id, the one a terminal started now gets, which is every terminal's until
   * a rule chooses per call.
   */
  boundary(terminalId?: string): ToolCallBoundary | undefined {
    return terminalId === undefined ? this.sandbox.boundary() : this.terminals.get(terminalId)?.boundary;
  }

  output(terminalId: string) {
    return this.get(terminalId).currentOutput();
  }

  /** What it printed, or undefined for a terminal Baton does not know (released, or never created). */
  peekOutput(terminalId: string): string | undefined {
    return this.terminals.get(terminalId)?.process.currentOutput().output;
  }

  async waitForExit(terminalId: string, signal?: AbortSignal) {
    const exited = this.get(terminalId).exited;
    if (!signal) return exited;
    return Promise.race([
      exited,
      new Promise<never>((_, reject) =>
        signal.addEventListener('abort', () => reject(acpRequestError().requestCancelled()), { once: true }),
      ),
    ]);
  }

  kill(terminalId: string): void {
    this.get(terminalId).kill();
  }

  /** Kills it if it still runs and forgets it; its id is no longer valid. */
  release(terminalId: string): void {
    this.get(terminalId).kill();
    this.terminals.delete(terminalId);
  }

  /** Every terminal of a session (a thread let go) or of the process (the agent closing). */
  releaseAll(sessionId?: string): void {
    for (const [terminalId, terminal] of this.terminals) {
      if (sessionId === undefined || terminal.sessionId === sessionId) this.release(terminalId);
    }
  }

  private get(terminalId: string): TerminalProcess {
    const terminal = this.terminals.get(terminalId);
    if (!terminal) throw acpRequestError().invalidParams({ terminalId }, `no terminal ${terminalId}`);
    return terminal.process;
  }
}
