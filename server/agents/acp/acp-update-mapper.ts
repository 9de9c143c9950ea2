/**
 * The one mapper between ACP and ECA chat contents: every `session/update` of a turn
 * (https://agentclientprotocol.com/protocol/prompt-turn#3-agent-reports-output) becomes what the
 * user sees. Message chunks are text; thought chunks are one reasoning block until something
 * else is said; tool calls walk toolCallPrepare → toolCallRun → toolCallRunning → toolCalled
 * (each step once); a plan is a reasoning block of its own; usage is usage. Updates about the
 * agent rather than the turn (commands, modes, config options) go to the agent's listeners.
 */
import type { AcpAvailableCommand, AcpConfigOption, AcpKnownSessionUpdate } from '../../../lib/protocol/acp/session-update';
import type { ThreadEntry } from '../../../lib/protocol/thread-model';
import type { ChatContentInput, FileChangeDetails } from '../../../lib/protocol/eca-chat';
import type { ToolCallBoundary } from '../../../lib/protocol/thread-review';
import { UniqueIds } from '../unique-ids';
import { ToolOutputStream } from '../tool-output-stream';
import { mergeToolCall, newToolCallState, type ToolCallState, toolCallIdentity } from './acp-tool-calls';
import { contentBlockText, toolCallOutputText } from './acp-tool-output';

export interface AgentStateListener {
  onCommands(commands: AcpAvailableCommand[]): void;
  onMode(modeId: string): void;
  onConfigOptions(options: AcpConfigOption[]): void;
}

export interface AcpTurnMapperOptions {
  emit(content: ChatContentInput): Promise<void>;
  /** The ECA `server` of the agent's tool calls: the agent's name in config.json. */
  server: string;
  workspaceRoot: string;
  agentState: AgentStateListener;
  /** What a terminal printed so far, for the result of a call that shows one. */
  terminalOutput(terminalId: string): string | undefined;
  /**
   * The OS boundary of a terminal Baton started (undefined for an id it does not know), or with
   * no id, the one a terminal started now gets; the card of a call that shows one says it.
   */
  terminalBoundary?(terminalId?: string): ToolCallBoundary | undefined;
  /** The thread so far: the ids its calls hold are not given out again. */
  history: readonly ThreadEntry[];
}

export class AcpTurnMapper {
  private readonly calls = new Map<string, ToolCallState>();
  private openReasoning: { id: string; startedAt: number } | undefined;
  private counter = 0;
  private lastPlan = '';
  private readonly outputStreams = new Map<string, ToolOutputStream>();
  private readonly toolCallIds: UniqueIds;
  private readonly reasoningIds: UniqueIds;
  /** The context and cost of the agent's last `usage_update`, kept on the turn's final usage. */
  lastUsage: Pick<Extract<ChatContentInput, { type: 'usage' }>, 'context' | 'sessionCost'> = {};

  constructor(private readonly options: AcpTurnMapperOptions) {
    this.toolCallIds = UniqueIds.forThread(options.history);
    this.reasoningIds = this.toolCallIds.beside();
  }

  get server(): string {
    return this.options.server;
  }

  async apply(update: AcpKnownSessionUpdate): Promise<void> {
    switch (update.sessionUpdate) {
      case 'agent_message_chunk':
        await this.finishReasoning();
        if (update.content.type === 'resource_link' && update.content.uri) {
          await this.emit({
            type: 'url',
            title: update.content.title ?? update.content.name ?? update.content.uri,
            url: update.content.uri,
          });
        } else {
          const text = contentBlockText(update.content);
          if (text !== '') await this.emit({ type: 'text', text, ...(update.messageId ? { messageId: update.messageId } : {}) });
        }
        return;
      case 'agent_thought_chunk':
        return this.reason(contentBlockText(update.content));
      // The hub records the user's message itself; an agent replaying it (session/load) adds nothing.
      case 'user_message_chunk':
        return;
      case 'tool_call':
      case 'tool_call_update': {
        await this.finishReasoning();
        const state = this.call(update.toolCallId, update.sessionUpdate === 'tool_call');
        mergeToolCall(state, update);
        return this.advance(state);
      }
      case 'plan':
        return this.plan(update.entries.flatMap((entry) => (entry ? [entry] : [])));
      case 'available_commands_update':
        this.options.agentState.onCommands(update.availableCommands.flatMap((command) => (command ? [command] : [])));
        return;
      case 'current_mode_update':
        this.options.agentState.onMode(update.currentModeId);
        return;
      case 'config_option_update':
        this.options.agentState.onConfigOptions(update.configOptions.flatMap((option) => (option ? [option] : [])));
        return;
      case 'session_info_update':
        if (update.title) await this.emit({ type: 'metadata', title: update.title });
        return;
      case 'usage_update': {
        // ACP `UsageUpdate`: `used` tokens in context of a window of `size`, and the session's cost so far.
        if (update.used === undefined || update.used === null) return;
        const { used, size } = update;
        this.lastUsage = {
          ...(typeof size === 'number' && size > 0 && used >= 0 ? { context: { used, size } } : {}),
          ...(update.cost?.amount !== undefined && update.cost.amount !== null ? { sessionCost: formatCost(update.cost) } : {}),
        };
        await this.emit({ type: 'usage', sessionTokens: used, ...this.lastUsage });
        return;
      }
      default: {
        const unreachable: never = update;
        return unreachable;
      }
    }
  }

  /**
   * The call's state, created when an update or a permission request first names it, under an id
   * unique in the thread. `opens` (a `tool_call`, a permission request): an id whose call is over
   * names a new call.
   */
  call(agentId: string, opens = false): ToolCallState {
    let state = this.calls.get(agentId);
    if (!state || (opens && (state.stage === 'done' || state.stage === 'rejected'))) {
      state = newToolCallState(this.toolCallIds.fresh(agentId));
      this.calls.set(agentId, state);
    }
    return state;
  }

  /** The call the agent is working on now: the latest that has not ended. */
  currentCall(): ToolCallState | undefined {
    return [...this.calls.values()].reverse().find((state) => state.stage !== 'done' && state.stage !== 'rejected');
  }

  identity(state: ToolCallState) {
    return toolCallIdentity(state, this.options.server, this.options.workspaceRoot);
  }

  /** The permission gate emitted toolCallRun (approved) or toolCallRejected for this call. */
  gated(state: ToolCallState, approved: boolean): void {
    state.approved = approved;
    state.stage = approved ? 'run' : 'rejected';
  }

  /** A file Baton wrote for the call (`fs/write_text_file`): shown on its card at once. */
  async written(state: ToolCallState, details: FileChangeDetails): Promise<void> {
    state.written = details;
    if (state.stage === 'run' || state.stage === 'running')
      await this.emit({ type: 'toolCallRunning', ...this.identity(state), ...this.boundary(state) });
  }

  /** A piece of what a terminal shown by this call printed: live on the card. */
  output(state: ToolCallState, chunk: string): void {
    if (state.stage === 'done' || state.stage === 'rejected') return;
    // Only Baton's terminals print here: the card shows one, named by it or put on it by Baton.
    if (!this.boundary(state).boundary) state.boundary = this.options.terminalBoundary?.();
    let stream = this.outputStreams.get(state.id);
    if (!stream) {
      stream = new ToolOutputStream({
        emitChunk: (outputChunk) => this.emit({ type: 'toolCallRunning', ...this.identity(state), ...this.boundary(state), outputChunk }),
      });
      this.outputStreams.set(state.id, stream);
    }
    stream.push(chunk);
  }

  /** The turn is over: a thought still open is finished, streamed output is flushed. */
  async finish(): Promise<void> {
    await this.finishReasoning();
    for (const stream of this.outputStreams.values()) await stream.close();
  }

  private async advance(state: ToolCallState): Promise<void> {
    if (state.stage === 'done' || state.stage === 'rejected') return;
    const identity = this.identity(state);
    if (state.stage === 'none') {
      state.stage = 'prepared';
      const args = state.rawInput === undefined ? '' : JSON.stringify(state.rawInput);
      await this.emit({ type: 'toolCallPrepare', ...identity, argumentsText: args });
    }
    const ended = state.status === 'completed' || state.status === 'failed';
    if ((state.status === 'in_progress' || ended) && state.stage === 'prepared') {
      // The agent ran it without asking Baton (its own rules allowed it): shown as running at once.
      state.stage = 'run';
      await this.emit({ type: 'toolCallRun', ...identity, manualApproval: false });
    }
    if (state.status === 'in_progress' || (state.stage === 'running' && !ended)) {
      state.stage = 'running';
      await this.emit({ type: 'toolCallRunning', ...identity, ...this.boundary(state) });
    }
    if (ended && (state.stage === 'run' || state.stage === 'running')) {
      await this.outputStreams.get(state.id)?.close();
      state.stage = 'done';
      await this.emit({
        type: 'toolCalled',
        ...identity,
        error: state.status === 'failed',
        outputs: [{ type: 'text', text: toolCallOutputText(state, this.options.terminalOutput) }],
        totalTimeMs: Math.round(performance.now() - state.startedAt),
        ...this.boundary(state),
      });
    }
  }

  /**
   * The boundary of the Baton terminal the call shows, as a content field; nothing for a call
   * that shows none (what an agent runs by itself, Baton cannot vouch for).
   */
  private boundary(state: ToolCallState): { boundary?: ToolCallBoundary } {
    if (!state.boundary) {
      for (const item of state.content) {
        if (item.type === 'terminal' && item.terminalId) state.boundary ??= this.options.terminalBoundary?.(item.terminalId);
      }
    }
    return state.boundary ? { boundary: state.boundary } : {};
  }

  private async reason(text: string): Promise<void> {
    if (!this.openReasoning) {
      this.openReasoning = { id: this.reasoningIds.fresh(`acp-reasoning-${(this.counter += 1)}`), startedAt: performance.now() };
      await this.emit({ type: 'reasonStarted', id: this.openReasoning.id });
    }
    if (text !== '') await this.emit({ type: 'reasonText', id: this.openReasoning.id, text });
  }

  private async finishReasoning(): Promise<void> {
    const open = this.openReasoning;
    if (!open) return;
    this.openReasoning = undefined;
    await this.emit({ type: 'reasonFinished', id: open.id, totalTimeMs: Math.round(performance.now() - open.startedAt) });
  }

  /** A plan is re-sent whole on every change; it is shown as a checklist, once per change. */
  private async plan(entries: ReadonlyArray<{ content: string; status?: string | null }>): Promise<void> {
    const marks: Record<string, string> = { completed: '[x]', in_progress: '[~]' };
    const text = `Plan:\n${entries.map((entry) => `- ${marks[entry.status ?? ''] ?? '[ ]'} ${entry.content}`).join('\n')}`;
    if (text === this.lastPlan) return;
    this.lastPlan = text;
    await this.finishReasoning();
    await this.reason(text);
    await this.finishReasoning();
  }

  private emit(content: ChatContentInput): Promise<void> {
    return this.options.emit(content);
  }
}

function formatCost(cost: { amount?: number | null; currency?: string | null }): string {
  const amount = (cost.amount ?? 0).toFixed(4);
  return cost.currency && cost.currency !== 'USD' ? `${amount} ${cost.currency}` : amount;
}
