/**
 * The Autohand adapter (specs/autohand-jsonrpc.md, specs/autohand-observed.md): one Autohand
 * process per thread, since one process holds one conversation. Autohand offers no way to resume
 * a conversation in a new process, so the first turn of a thread in this relay starts a fresh
 * one and, when the thread has history, primes it with a transcript. Two `/` commands reach
 * Autohand's own methods: `/reset` (a new conversation) and `/status` (its state).
 */
import type { ChatCommand } from '../../../lib/protocol/eca/chat-methods';
import { type AgentBackend, type AgentInfo, type AgentTurn, AgentUnavailableError } from '../agent-backend';
import type { AgentFactoryContext } from '../agent-factory';
import type { StdioAgentEntry } from '../agents-config';
import { agentLog } from '../external/agent-log';
import { primedMessage } from '../external/history-transcript';
import { LiveRegistry } from '../external/live-registry';
import { PermissionGate } from '../external/permission-gate';
import { RestartBudget } from '../external/restart-budget';
import { ShownAgentInfo } from '../external/shown-agent-info';
import { AutohandProcess } from './autohand-process';
import { runAutohandTurn } from './autohand-turn';
import { promptParams } from './prompt-params';

type AutohandEntry = Extract<StdioAgentEntry, { kind: 'autohand' }>;

const COMMANDS: ChatCommand[] = [
  { name: 'reset', description: 'Start a new Autohand conversation in this thread', type: 'native', arguments: [] },
  { name: 'status', description: "Show Autohand's state: session, model, how full its context is", type: 'native', arguments: [] },
];

export class AutohandAgent implements AgentBackend {
  private readonly shown: ShownAgentInfo;
  /** One process per thread. */
  private readonly processes: LiveRegistry<AutohandProcess>;
  private readonly gate: PermissionGate;
  private readonly log: (message: string) => void;

  constructor(
    private readonly entry: AutohandEntry,
    private readonly context: AgentFactoryContext,
  ) {
    this.gate = new PermissionGate(context.policy);
    this.processes = new LiveRegistry(new RestartBudget(context.name), (process) => !process.isGone);
    this.log = agentLog(context);
    this.shown = new ShownAgentInfo({
      name: entry.label ?? `${context.name} (Autohand)`,
      kind: 'autohand',
      model: '',
      offlineDemo: false,
      capabilities: { contexts: true, commands: true, toolServers: false, sessionApproval: true },
    });
  }

  get info(): AgentInfo {
    return this.shown.info;
  }

  async listCommands(): Promise<ChatCommand[]> {
    return COMMANDS;
  }

  onInfoChanged(listener: () => void): void {
    this.shown.onChanged(listener);
  }

  async runTurn(turn: AgentTurn): Promise<void> {
    const { process, fresh } = await this.processFor(turn);
    const command = /^\/(reset|status)\s*$/.exec(turn.message.trim())?.[1];
    if (command) return this.runCommand(command, process, turn);
    // Autohand cannot resume a conversation: a fresh process holds a new one.
    const message = await primedMessage(turn, this.info.name, fresh);
    const params = await promptParams(message, turn.contexts ?? [], this.context.workspace);
    await runAutohandTurn({ turn, process, gate: this.gate, params, log: this.log });
  }

  async closeThread(threadId: string): Promise<void> {
    await (await this.processes.release(threadId))?.shutdown('its thread was closed');
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.processes.keys().map((threadId) => this.closeThread(threadId)));
  }

  /** The thread's process, started (fresh) when it has none or the last one has gone. */
  private async processFor(turn: AgentTurn): Promise<{ process: AutohandProcess; fresh: boolean }> {
    const { value: process, fresh } = await this.processes.obtain(turn.threadId, () => this.start(turn.threadId));
    if (fresh && process.sessionId) await turn.saveAgentSession(process.sessionId);
    return { process, fresh };
  }

  private async start(threadId: string): Promise<AutohandProcess> {
    const process = await AutohandProcess.start(this.entry, this.context);
    this.log(`started Autohand (pid ${process.pid}) for thread ${threadId}`);
    void process.gone.then((reason) => this.log(`Autohand of thread ${threadId} has gone: ${reason}`));
    // getState tells the session and model, and that Autohand is up (a build that is not logged in exits here).
    const state = await Promise.race([
      process.connection.request('autohand.getState', undefined),
      process.gone.then((reason): never => {
        throw new AgentUnavailableError(reason);
      }),
    ]).catch(async (error: unknown) => {
      if (error instanceof AgentUnavailableError) throw error;
      // A closed connection means the process is going: its exit says more than the closed pipe.
      if (process.isGone) throw new AgentUnavailableError(await process.gone);
      await process.shutdown('it did not answer getState');
      throw new AgentUnavailableError(`${this.context.name} did not start properly: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    });
    process.sessionId = state.sessionId ?? process.sessionId;
    this.modelIs(state.model);
    return process;
  }

  private async runCommand(command: string, process: AutohandProcess, turn: AgentTurn): Promise<void> {
    if (command === 'reset') {
      const { sessionId } = await process.connection.request('autohand.reset', undefined);
      process.sessionId = sessionId;
      process.sessionTokens = 0;
      await turn.saveAgentSession(sessionId);
      await turn.emit({ type: 'text', text: 'Autohand started a new conversation; it no longer remembers this thread’s earlier messages.' });
      return;
    }
    const state = await process.connection.request('autohand.getState', undefined);
    this.modelIs(state.model);
    const lines = [
      `**Autohand** is ${state.status.replace('_', ' ')}.`,
      `- Session: ${state.sessionId ?? 'none yet'}`,
      `- Model: ${state.model}`,
      `- Workspace: ${state.workspace}`,
      `- Context: ${state.contextPercent}% full, ${state.messageCount} messages`,
    ];
    await turn.emit({ type: 'text', text: lines.join('\n') });
  }

  private modelIs(model: string): void {
    if (model) this.shown.update({ ...this.info, model });
  }
}

export function createAutohandAgent(entry: AutohandEntry, context: AgentFactoryContext): AgentBackend {
  return new AutohandAgent(entry, context);
}
