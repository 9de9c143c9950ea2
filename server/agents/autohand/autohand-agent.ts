/**
 * The Autohand adapter (specs/autohand-jsonrpc.md, specs/autohand-observed.md): one Autohand
 * process per thread, since one process holds one conversation, at most `maxProcesses` at once. Autohand offers no way to resume
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
import { untilAborted } from '../external/until-aborted';
import { AutohandProcess } from './autohand-process';
import { runAutohandTurn } from './autohand-turn';
import { promptParams } from './prompt-params';

/** Processes at once when the config does not say (`maxProcesses`). */
const DEFAULT_MAX_PROCESSES = 8;

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
  /** When each thread last ran a turn (a count, not a time), to pick the longest idle one. */
  private readonly lastUsed = new Map<string, number>();
  private uses = 0;

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
    // Stop while the process starts ends the turn; the process goes on starting, for the thread's next prompt.
    const process = await untilAborted(this.processFor(turn), turn.signal);
    if (!process) return;
    this.lastUsed.set(turn.threadId, (this.uses += 1));
    const command = /^\/(reset|status)\s*$/.exec(turn.message.trim())?.[1];
    if (command) return this.runCommand(command, process, turn);
    // Autohand cannot resume a conversation: a process that has had no prompt holds a new one.
    const message = await primedMessage(turn, this.info.name, !process.primed);
    const params = await promptParams(message, turn.contexts ?? [], this.context.workspace);
    // A stopped turn may still be ending in Autohand: a prompt now would be refused as busy.
    await untilAborted(process.settled, turn.signal);
    // Checked last, right before sending: a prompt is never sent after Stop.
    if (turn.signal.aborted) return;
    // It did not end the stopped turn in its grace and was shut down: the thread gets a new one.
    if (process.isGone) return this.runTurn(turn);
    process.primed = true;
    await runAutohandTurn({ turn, process, gate: this.gate, params, log: this.log });
  }

  async closeThread(threadId: string): Promise<void> {
    this.lastUsed.delete(threadId);
    await (await this.processes.release(threadId))?.shutdown('its thread was closed');
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.processes.keys().map((threadId) => this.closeThread(threadId)));
  }

  /** The thread's process, started when it has none or the last one has gone. */
  private async processFor(turn: AgentTurn): Promise<AutohandProcess> {
    await this.makeRoom(turn.threadId);
    const { value: process } = await this.processes.obtain(turn.threadId, () => this.start(turn.threadId));
    if (!process.primed && process.sessionId) await turn.saveAgentSession(process.sessionId);
    return process;
  }

  /**
   * Keeps to `maxProcesses` (one process per thread): a thread that needs a new one stops the
   * longest idle thread's; when none is idle the prompt is refused, naming the setting.
   */
  private async makeRoom(threadId: string): Promise<void> {
    const limit = this.entry.maxProcesses ?? DEFAULT_MAX_PROCESSES;
    const own = this.processes.peek(threadId);
    if (own && !own.isGone) return;
    const running = this.processes.keys().filter((key) => {
      const process = this.processes.peek(key);
      // Undefined: still starting, which counts.
      return key !== threadId && !process?.isGone;
    });
    if (running.length < limit) return;
    const idle = running
      .filter((key) => this.processes.peek(key)?.busy === false)
      .sort((a, b) => (this.lastUsed.get(a) ?? 0) - (this.lastUsed.get(b) ?? 0));
    const oldest = idle[0];
    if (oldest === undefined) {
      throw new AgentUnavailableError(
        `${this.info.name} already runs ${limit} Autohand processes (one per thread), all busy. Wait for one of those turns to end, or raise "maxProcesses" of this agent in config.json's "agents" section.`,
      );
    }
    this.log(`stopping the Autohand of idle thread ${oldest} to make room (maxProcesses ${limit})`);
    await this.closeThread(oldest);
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
      throw new AgentUnavailableError(
        `${this.context.name} did not start properly: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    });
    process.sessionId = state.sessionId ?? process.sessionId;
    this.modelIs(state.model);
    return process;
  }

  private async runCommand(command: string, process: AutohandProcess, turn: AgentTurn): Promise<void> {
    if (command === 'reset') {
      const { sessionId } = await process.connection.request('autohand.reset', undefined);
      process.sessionId = sessionId;
      // The new conversation has not seen the thread, and is not to: /reset means to forget it.
      process.primed = true;
      process.sessionTokens = 0;
      await turn.saveAgentSession(sessionId);
      await turn.emit({
        type: 'text',
        text: 'Autohand started a new conversation; it no longer remembers this thread’s earlier messages.',
      });
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
