/**
 * The terminals one agent process has open (https://agentclientprotocol.com/protocol/terminals):
 * `terminal/create` starts one in the workspace with only PATH, HOME and LANG of the relay's
 * environment plus what the request sets; output, wait_for_exit, kill and release act on it by
 * id; closing the agent kills them all. What a terminal prints goes to `onOutput` as it comes,
 * for the card of the tool call that shows it.
 */
import { randomUUID } from 'node:crypto';
import type { Workspace } from '../../workspace/workspace';
import { pickShellEnvironment } from '../builtin/tools/shell-command';
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
  private readonly terminals = new Map<string, { process: TerminalProcess; sessionId: string }>();

  constructor(
    private readonly workspace: Workspace,
    private readonly relayEnv: Readonly<Record<string, string | undefined>>,
    private readonly onOutput: (sessionId: string, terminalId: string, chunk: string) => void,
  ) {}

  async create(request: TerminalRequest): Promise<{ terminalId: string }> {
    let cwd: string;
    try {
      cwd = await this.workspace.resolve(request.cwd ?? '.');
      await this.workspace.assertWritable(cwd);
    } catch (error) {
      throw asRequestError(error, request.cwd ?? '.');
    }
    const requested = Object.fromEntries((request.env ?? []).map((variable) => [variable.name, variable.value]));
    // What the agent asks for cannot bring back a secret of the relay's (server/process/relay-secrets.ts).
    const env = withoutRelaySecrets({ ...pickShellEnvironment(this.relayEnv), ...requested });
    const terminalId = `terminal-${randomUUID()}`;
    const process = new TerminalProcess({
      command: request.command,
      args: request.args ?? [],
      cwd,
      env,
      ...(request.outputByteLimit ? { outputByteLimit: request.outputByteLimit } : {}),
      onOutput: (chunk) => this.onOutput(request.sessionId, terminalId, chunk),
    });
    this.terminals.set(terminalId, { process, sessionId: request.sessionId });
    return { terminalId };
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
      new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(acpRequestError().requestCancelled()), { once: true })),
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
