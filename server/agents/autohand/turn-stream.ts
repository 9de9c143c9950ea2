/**
 * The state of one turn's stream: which messages have streamed text, which reasoning is open,
 * which tools run. Autohand's message and tool notifications go in; ECA contents (built by
 * autohand-mapper.ts) come out, in order.
 */
import type { AgentTurn } from '../agent-backend';
import { UniqueIds } from '../unique-ids';
import type { GatedToolCall } from '../external/permission-gate';
import { toolArguments, toolCalledContent, toolIdentity } from './autohand-mapper';
import type { AutohandNotification } from './autohand-process';

type Of<M extends AutohandNotification['method']> = Extract<AutohandNotification, { method: M }>['params'];

interface RunningTool {
  call: GatedToolCall;
  startedAt: number;
}

export class TurnStream {
  /** Whether any of the answer's text reached the thread. */
  emittedText = false;
  /** Text streamed per message, to tell what `messageEnd.content` adds. */
  private readonly streamed = new Map<string, string>();
  private reasoning: { id: string; startedAt: number } | undefined;
  private reasoningCount = 0;
  private readonly running = new Map<string, RunningTool>();
  /**
   * Cards already shown for an allowed permission request, waiting for their tool to start: the
   * tool's `toolStart` (a different id) continues the same card instead of opening a second one.
   */
  private readonly allowedCards: GatedToolCall[] = [];

  /** Autohand's tool ids made unique in the thread: a reused one would merge two calls' cards. */
  private readonly toolCallIds: UniqueIds;

  constructor(private readonly turn: AgentTurn) {
    this.toolCallIds = UniqueIds.forThread(turn.history);
  }

  permissionAllowed(call: GatedToolCall): void {
    this.allowedCards.push(call);
  }

  async messageUpdate(params: Of<'autohand.messageUpdate'>): Promise<void> {
    if (params.thought) await this.think(params.messageId, params.thought);
    if (params.delta) await this.text(params.messageId, params.delta);
  }

  /**
   * The observed build may never stream text written before a tool call, nor a whole answer:
   * what the end's `content` has beyond what was streamed is shown then.
   */
  async messageEnd(params: Of<'autohand.messageEnd'>): Promise<void> {
    await this.endReasoning();
    const content = params.content ?? '';
    if (params.aborted || content === '') return;
    const streamed = this.streamed.get(params.messageId) ?? '';
    if (streamed === '') await this.text(params.messageId, content);
    else if (content.startsWith(streamed) && content.length > streamed.length) {
      await this.text(params.messageId, content.slice(streamed.length));
    }
  }

  async toolStart(params: Of<'autohand.toolStart'>): Promise<void> {
    await this.endReasoning();
    const args = toolArguments(params.args);
    const adopted = this.adoptCard(params.toolName);
    const call = adopted ?? { ...toolIdentity(this.toolCallIds.fresh(params.toolId), params.toolName), arguments: args };
    this.running.set(params.toolId, { call, startedAt: performance.now() });
    if (!adopted) await this.turn.emit({ type: 'toolCallRun', ...call, manualApproval: false });
    await this.turn.emit({ type: 'toolCallRunning', ...call });
  }

  async toolUpdate(params: Of<'autohand.toolUpdate'>): Promise<void> {
    const tool = this.running.get(params.toolId);
    if (!tool || params.output === '') return;
    await this.turn.emit({ type: 'toolCallRunning', ...tool.call, outputChunk: params.output });
  }

  async toolEnd(params: Of<'autohand.toolEnd'>): Promise<void> {
    let tool = this.running.get(params.toolId);
    if (!tool) {
      // An end without a start (the reference does not promise one): still worth a card.
      const call = { ...toolIdentity(this.toolCallIds.fresh(params.toolId), params.toolName ?? 'tool'), arguments: {} };
      await this.turn.emit({ type: 'toolCallRun', ...call, manualApproval: false });
      tool = { call, startedAt: performance.now() };
    }
    this.running.delete(params.toolId);
    await this.turn.emit(toolCalledContent(tool.call, params, Math.round(performance.now() - tool.startedAt)));
  }

  /** The turn is over: open reasoning is closed; running tools are left to the hub, which closes them. */
  async finish(): Promise<void> {
    await this.endReasoning();
  }

  async text(messageId: string, text: string): Promise<void> {
    await this.endReasoning();
    this.streamed.set(messageId, (this.streamed.get(messageId) ?? '') + text);
    this.emittedText = true;
    await this.turn.emit({ type: 'text', text });
  }

  private async think(messageId: string, text: string): Promise<void> {
    if (!this.reasoning) {
      this.reasoningCount += 1;
      this.reasoning = { id: `${messageId}/reasoning/${this.reasoningCount}`, startedAt: performance.now() };
      await this.turn.emit({ type: 'reasonStarted', id: this.reasoning.id });
    }
    await this.turn.emit({ type: 'reasonText', id: this.reasoning.id, text });
  }

  private async endReasoning(): Promise<void> {
    if (!this.reasoning) return;
    const { id, startedAt } = this.reasoning;
    this.reasoning = undefined;
    await this.turn.emit({ type: 'reasonFinished', id, totalTimeMs: Math.round(performance.now() - startedAt) });
  }

  private adoptCard(toolName: string): GatedToolCall | undefined {
    const index = this.allowedCards.findIndex((call) => call.name === toolName);
    return index === -1 ? undefined : this.allowedCards.splice(index, 1)[0];
  }
}
