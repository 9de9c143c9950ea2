/**
 * The live side of one thread: at most one running turn, the tool calls waiting for approval, and
 * Stop. Every content goes through the recorder, so history and the tabs never disagree.
 */
import type { ChatContentInput } from '../../lib/protocol/eca-chat';
import { isOpenToolCall } from '../../lib/thread/apply-chat-content';
import type { AgentBackend, AgentTurn, ApprovalDecision } from '../agents/agent-backend';
import type { ThreadRecorder } from './thread-recorder';

/** What the user chose beside the message: behaviour, model, attached contexts. */
export type PromptOptions = Pick<AgentTurn, 'behavior' | 'model' | 'contexts'>;

export class ThreadBusyError extends Error {
  readonly code = 'thread-busy';
  constructor(threadId: string) {
    super(`A turn is already running in thread ${threadId}; stop it or wait for it to finish.`);
  }
}

export class ThreadSession {
  private turn: AbortController | undefined;
  private turnEnded: Promise<void> = Promise.resolve();
  private readonly approvals = new Map<string, (decision: ApprovalDecision) => void>();

  constructor(
    private readonly recorder: ThreadRecorder,
    private readonly agent: AgentBackend,
    private readonly log: (message: string) => void,
  ) {}

  get isRunning(): boolean {
    return this.turn !== undefined;
  }

  /** Records the prompt and starts the turn; resolves once the prompt is stored, not when the turn ends. */
  async prompt(message: string, options: PromptOptions = {}): Promise<{ turnEnded: Promise<void> }> {
    if (this.turn) throw new ThreadBusyError(this.recorder.threadId);
    const controller = new AbortController();
    this.turn = controller;
    const history = this.recorder.currentEntries;
    try {
      await this.recorder.record('user', { type: 'text', text: message });
      await this.recorder.record('system', { type: 'progress', state: 'running', text: 'Working…' });
    } catch (error) {
      this.turn = undefined;
      throw error;
    }
    const ended = this.runTurn(message, options, history, controller);
    // `idle()` only waits; the hub hears of a failure through the promise it is given.
    this.turnEnded = ended.then(
      () => undefined,
      () => undefined,
    );
    return { turnEnded: ended };
  }

  /** Resolves once no turn runs (at once if none does). */
  idle(): Promise<void> {
    return this.turnEnded;
  }

  /** `save: 'session'` (ECA) approves this tool for the rest of the thread's session as well. */
  approve(toolCallId: string, save?: 'session'): boolean {
    return this.answer(toolCallId, save === 'session' ? 'approved-for-session' : 'approved');
  }

  reject(toolCallId: string): boolean {
    return this.answer(toolCallId, 'rejected');
  }

  /** Stops the running turn at once; what waits for approval is rejected. */
  stop(): void {
    if (!this.turn) return;
    this.turn.abort(new Error('stopped by the user'));
    for (const toolCallId of [...this.approvals.keys()]) this.answer(toolCallId, 'rejected');
  }

  private async runTurn(
    message: string,
    options: PromptOptions,
    history: Parameters<AgentBackend['runTurn']>[0]['history'],
    controller: AbortController,
  ): Promise<void> {
    const emit = (content: ChatContentInput) => this.recorder.record('assistant', content);
    try {
      await this.agent.runTurn({
        threadId: this.recorder.threadId,
        history,
        message,
        ...options,
        signal: controller.signal,
        emit,
        awaitApproval: (toolCallId) => this.waitForApproval(toolCallId, controller.signal),
      });
    } catch (error) {
      if (!controller.signal.aborted) {
        const reason = error instanceof Error ? error.message : String(error);
        this.log(`turn failed in thread ${this.recorder.threadId}: ${reason}`);
        await this.recorder.record('system', { type: 'text', text: `\n\n**The turn failed:** ${reason}` });
      }
    } finally {
      await this.closeOpenToolCalls(controller.signal.aborted ? 'Stopped by the user.' : 'The turn ended first.');
      this.turn = undefined;
      await this.recorder.record('system', { type: 'progress', state: 'finished', text: 'Done' });
    }
  }

  /** Ends, in the record, a turn that a stopped relay left open: its calls and the turn itself. */
  async closeInterruptedTurn(reason: string): Promise<void> {
    await this.closeOpenToolCalls(reason);
    await this.recorder.record('system', { type: 'text', text: `\n\n**The turn was interrupted:** ${reason}` });
    await this.recorder.record('system', { type: 'progress', state: 'finished', text: 'Interrupted' });
  }

  private waitForApproval(toolCallId: string, signal: AbortSignal): Promise<ApprovalDecision> {
    if (signal.aborted) return Promise.resolve('rejected');
    return new Promise((resolve) => this.approvals.set(toolCallId, resolve));
  }

  private answer(toolCallId: string, decision: ApprovalDecision): boolean {
    const resolve = this.approvals.get(toolCallId);
    if (!resolve) return false;
    this.approvals.delete(toolCallId);
    resolve(decision);
    return true;
  }

  /** A call the turn left open can never finish; say so in the thread rather than leave it spinning. */
  private async closeOpenToolCalls(reason: string): Promise<void> {
    for (const entry of this.recorder.currentEntries) {
      if (entry.type !== 'toolCall' || !isOpenToolCall(entry)) continue;
      await this.recorder.record('assistant', {
        type: 'toolCalled',
        origin: entry.origin,
        id: entry.id,
        name: entry.name,
        server: entry.server,
        arguments: entry.arguments ?? {},
        error: true,
        outputs: [{ type: 'text', text: `Interrupted: ${reason}` }],
      });
    }
    this.approvals.clear();
  }
}
