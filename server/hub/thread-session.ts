/**
 * The live side of one thread: at most one running turn, the tool calls waiting for approval, and
 * Stop. Every content goes through the recorder, so history and the tabs never disagree.
 */
import { type Actor, answeredFrom } from '../../lib/protocol/roles';
import type { ThreadEntry, ToolCallEntry } from '../../lib/protocol/thread-model';
import type { ChatContentInput } from '../../lib/protocol/eca-chat';
import { isOpenToolCall } from '../../lib/thread/apply-chat-content';
import { type AgentBackend, type AgentTurn, AgentUnavailableError } from '../agents/agent-backend';
import type { TurnOutcome } from '../../lib/protocol/thread-review';
import { RelayError } from '../../lib/rpc/relay-error';
import type { ThreadRecorder } from './thread-recorder';
import type { FileChangeTracker, TurnCheckpointHooks } from './turn-hooks';
import { PendingApprovals } from './pending-approvals';
import { PendingElicitations } from './pending-elicitations';
import type { ElicitationAction, ElicitationValues } from '../../lib/protocol/elicitation';

/** The progress text each end of a turn shows, as ECA editors have always been sent it; `outcome` tells them apart. */
/** Why a turn the relay's close stopped ended, on its open tool calls and in the thread. */
const RELAY_CLOSING = 'The relay was stopped while this turn ran.';

const OUTCOME_TEXT: Record<TurnOutcome, string> = { done: 'Done', stopped: 'Done', interrupted: 'Interrupted', failed: 'Done' };

/** The choices beside the message that the thread keeps with it. */
function promptChoices(options: PromptOptions): { contexts?: NonNullable<PromptOptions['contexts']>[number][]; model?: string } {
  return {
    ...(options.contexts && options.contexts.length > 0 ? { contexts: [...options.contexts] } : {}),
    ...(options.model ? { model: options.model } : {}),
  };
}

/** The agent a thread is bound to now, and that agent's own session for it. */
export interface ThreadBinding {
  agent: string;
  agentSessionId?: string;
}

/** What a session needs of the hub to reach its agent and keep the agent's session id. */
export interface SessionAgents {
  resolve(agent: string): Promise<AgentBackend>;
  saveAgentSession(agentSessionId: string | null): Promise<void>;
  /** Where the files the agent changes are kept for a rewind; nothing is kept without it. */
  fileHistory?: FileChangeTracker;
  /** Workspace checkpoints around the turns of agents that write files themselves. */
  checkpoints?: TurnCheckpointHooks;
}

/** What the user chose beside the message: behaviour, model, attached contexts. */
export type PromptOptions = Pick<AgentTurn, 'behavior' | 'model' | 'contexts'>;

export class ThreadBusyError extends RelayError<'thread-busy'> {
  constructor(threadId: string) {
    super('thread-busy', `A turn is already running in thread ${threadId}; stop it or wait for it to finish.`);
  }
}

export class ThreadSession {
  private turn: AbortController | undefined;
  private turnEnded: Promise<void> = Promise.resolve();
  private readonly approvals: PendingApprovals;
  /** The agent's questions to the user that wait for an answer, kept here beside the approvals. */
  private readonly elicitations: PendingElicitations;
  /** What the user sent while the turn runs, for the agent's next model request (`steer`). */
  private steering: string | undefined;
  /** The paired device whose Stop ends the running turn, for the turn's record. */
  private stoppedBy: string | undefined;
  /** The running turn was stopped by the relay closing, not by anyone's Stop: the record says so. */
  private closingRelay = false;
  /** What tool calls of stopped turns still do (AgentTurn.leaveRunning), each settled. */
  private readonly leftRunning = new Set<Promise<void>>();

  constructor(
    private readonly recorder: ThreadRecorder,
    readonly binding: ThreadBinding,
    private readonly agents: SessionAgents,
    private readonly log: (message: string) => void,
  ) {
    this.approvals = new PendingApprovals(
      (content) => this.recorder.recordOrOwe('system', content),
      (toolCallId, error) =>
        this.log(
          `could not record the answer to ${toolCallId} in thread ${this.recorder.threadId}: ${error instanceof Error ? error.message : String(error)}`,
        ),
    );
    // The question is the agent's; how it ended is the relay's record, as an approval's answer is.
    this.elicitations = new PendingElicitations((content) =>
      this.recorder.recordOrOwe(content.type === 'elicitation' ? 'assistant' : 'system', content),
    );
  }

  get isRunning(): boolean {
    return this.turn !== undefined;
  }

  /** Records the prompt and starts the turn; resolves once the prompt is stored, not when the turn ends. */
  async prompt(message: string, options: PromptOptions = {}): Promise<{ turnEnded: Promise<void> }> {
    if (this.turn) throw new ThreadBusyError(this.recorder.threadId);
    const controller = new AbortController();
    this.turn = controller;
    let history: readonly ThreadEntry[] = [];
    const recorded = (async () => {
      // Its own array: the recorder's entries grow in place as the turn is recorded.
      history = await this.recorder.history();
      this.recorder.startTurn();
      // The contexts and model go with the prompt, so the thread shows them when read later. Both
      // are queued at once: one batch, one commit (write-batches.ts), where one after the other
      // cost the turn's start a second transaction and a second trip round the event loop.
      await Promise.all([
        this.recorder.record('user', { type: 'text', text: message, ...promptChoices(options) }),
        this.recorder.record('system', { type: 'progress', state: 'running', text: 'Working…' }),
      ]);
    })();
    const ended = recorded.then(() => this.runTurn(message, options, history, controller));
    // Set before the first await, so that `idle()` (a delete waits on it) covers the prompt's own
    // recording too. It only waits; the hub hears of a failure through the promise it is given.
    this.turnEnded = ended.then(
      () => undefined,
      () => undefined,
    );
    try {
      await recorded;
    } catch (error) {
      this.turn = undefined;
      throw error;
    }
    return { turnEnded: ended };
  }

  /**
   * Runs `edit` (a rewind, a fork) while no turn runs, and keeps any from starting until it ends:
   * a prompt meanwhile is refused as busy.
   */
  async whileIdle<T>(edit: () => Promise<T>): Promise<T> {
    if (this.turn) throw new ThreadBusyError(this.recorder.threadId);
    const hold = new AbortController();
    this.turn = hold;
    try {
      return await edit();
    } finally {
      if (this.turn === hold) this.turn = undefined;
    }
  }

  /** Whether a turn runs, or a tool call a Stop left running still does: the session stays in memory meanwhile. */
  get isWorking(): boolean {
    return this.turn !== undefined || this.leftRunning.size > 0;
  }

  /** Resolves once no turn runs and no tool call a Stop left running does (at once if none does). */
  async idle(): Promise<void> {
    await this.turnEnded;
    // Another may be left running while one is waited for.
    while (this.leftRunning.size > 0) await Promise.all([...this.leftRunning]);
  }

  /** A tab's approval of a waiting tool call (PendingApprovals.approve); false when none waits. */
  approve(toolCallId: string, save?: 'session', optionId?: string, by?: Actor): boolean {
    return this.approvals.approve(toolCallId, save, optionId, by);
  }

  /** A tab's rejection of a waiting tool call; false when none waits. */
  reject(toolCallId: string, optionId?: string, by?: Actor): boolean {
    return this.approvals.reject(toolCallId, optionId, by);
  }

  /** A tab's answer to the agent's question; refused (and still waiting) when a form's values do not fit its schema. */
  answerElicitation(id: string, action: ElicitationAction, content?: ElicitationValues, device?: string): Promise<void> {
    return this.elicitations.answer(id, action, content, device);
  }

  /**
   * Keeps `message` for the running turn's next model request (ECA's `chat/promptSteer`); two
   * before it are joined. False when no turn runs.
   */
  async steer(message: string): Promise<boolean> {
    if (!this.turn) return false;
    this.steering = this.steering === undefined ? message : `${this.steering}\n${message}`;
    // An agent that is told at once (an ECA server) hears of it now; the others take it at their next step.
    const agent = await this.agents.resolve(this.binding.agent);
    await agent.steer?.(this.recorder.threadId, message);
    return true;
  }

  /** Drops the steer message not taken yet; false when none waited. */
  removeSteering(): boolean {
    const had = this.steering !== undefined;
    this.steering = undefined;
    return had;
  }

  /** Stops the running turn at once; what waits for approval is rejected. `by`: the paired device or user that stopped it, kept in the record. */
  stop(by?: Actor): void {
    if (!this.turn) return;
    const from = by && answeredFrom(by);
    this.stoppedBy = from;
    this.turn.abort(new Error('stopped by the user'));
    this.approvals.stopAll(by);
    this.elicitations
      .endAll('stopped', from)
      .catch((error: unknown) => this.log(`could not record the questions Stop ended: ${String(error)}`));
  }

  /** The relay is closing: the turn stops as at Stop, and is recorded as interrupted by the close. */
  interruptForClose(): void {
    if (!this.turn) return;
    this.closingRelay = true;
    this.stop();
  }

  private async runTurn(
    message: string,
    options: PromptOptions,
    history: Parameters<AgentBackend['runTurn']>[0]['history'],
    controller: AbortController,
  ): Promise<void> {
    // Once storage has failed in this turn, the turn is over: what the agent still sends fails at once.
    const emit = (content: ChatContentInput) =>
      this.recorder.storeFailure ? Promise.reject(this.recorder.storeFailure) : this.recorder.emit('assistant', content);
    const { binding } = this;
    let outcome: TurnOutcome = 'done';
    let endCheckpoint: (() => Promise<void>) | undefined;
    try {
      const agent = await this.agents.resolve(binding.agent);
      // Stopped (or its thread deleted) while the prompt was being recorded: the agent never starts.
      if (controller.signal.aborted) return;
      // The user message stands right after the history the turn started from.
      endCheckpoint = await this.agents.checkpoints?.begin(this.recorder.threadId, binding.agent, history.length);
      await agent.runTurn({
        threadId: this.recorder.threadId,
        history,
        message,
        ...options,
        signal: controller.signal,
        agentSessionId: binding.agentSessionId,
        saveAgentSession: async (sessionId) => {
          binding.agentSessionId = sessionId ?? undefined;
          await this.agents.saveAgentSession(sessionId);
        },
        emit,
        offerPiece: (content) => this.recorder.storeFailure === undefined && this.recorder.offerPiece('assistant', content),
        note: (text) => this.recorder.record('system', { type: 'text', text: `\n\n_${text}_\n\n` }),
        awaitApproval: (toolCallId) => this.approvals.wait(toolCallId, controller.signal),
        elicit: (question, agentEnded) =>
          controller.signal.aborted ? Promise.resolve({ action: 'cancel' }) : this.elicitations.ask(question, agentEnded),
        completeElicitation: (id) => this.elicitations.end(id, 'completed'),
        takeSteering: () => this.takeSteering(),
        ...(this.agents.fileHistory
          ? { trackFileChanges: (paths, change, toolCallId) => this.trackFileChanges(paths, change, toolCallId) }
          : {}),
        leaveRunning: (work) => this.leaveRunning(work),
      });
    } catch (error) {
      // A store that cannot write fails the agent's next content; that, not the agent's wording of it, is the reason.
      const failure = this.recorder.storeFailure ?? error;
      const reason = failure instanceof Error ? failure.message : String(failure);
      if (error instanceof AgentUnavailableError) {
        outcome = 'interrupted';
        this.log(`agent ${binding.agent} went away in thread ${this.recorder.threadId}: ${reason}`);
        await this.closeOpenToolCalls(reason);
        await this.recorder.recordOrOwe('system', { type: 'text', text: `\n\n**The turn was interrupted:** ${reason}` });
      } else if (!controller.signal.aborted) {
        outcome = 'failed';
        this.log(`turn failed in thread ${this.recorder.threadId}: ${reason}`);
        await this.recorder.recordOrOwe('system', { type: 'text', text: `\n\n**The turn failed:** ${reason}` });
      }
    } finally {
      await endCheckpoint?.();
      const closing = this.closingRelay;
      this.closingRelay = false;
      const stopped = closing ? RELAY_CLOSING : 'Stopped by the user.';
      await this.closeOpenToolCalls(controller.signal.aborted ? stopped : 'The turn ended first.');
      this.steering = undefined;
      this.turn = undefined;
      if (controller.signal.aborted && outcome === 'done') {
        outcome = closing ? 'interrupted' : 'stopped';
        const interrupted = `\n\n**The turn was interrupted:** ${RELAY_CLOSING}`;
        if (closing) await this.recorder.recordOrOwe('system', { type: 'text', text: interrupted });
      }
      const stoppedBy = outcome === 'stopped' ? this.stoppedBy : undefined;
      this.stoppedBy = undefined;
      await this.recorder.recordOrOwe('system', {
        type: 'progress',
        state: 'finished',
        text: OUTCOME_TEXT[outcome],
        outcome,
        ...(stoppedBy === undefined ? {} : { device: stoppedBy }),
      });
    }
  }

  /** Ends, in the record, a turn that a stopped relay left open: its calls and the turn itself. */
  async closeInterruptedTurn(reason: string): Promise<void> {
    await this.closeOpenToolCalls(reason);
    await this.recorder.record('system', { type: 'text', text: `\n\n**The turn was interrupted:** ${reason}` });
    await this.recorder.record('system', { type: 'progress', state: 'finished', text: OUTCOME_TEXT.interrupted, outcome: 'interrupted' });
  }

  /** A change kept with the thread's entry count now: a rewind to before that point undoes it. */
  private async trackFileChanges<T>(paths: readonly string[], change: () => Promise<T>, toolCallId?: string): Promise<T> {
    const history = this.agents.fileHistory;
    if (!history) return change();
    const position = await this.recorder.entryCount();
    return history.track(
      { threadId: this.recorder.threadId, position, ...(toolCallId === undefined ? {} : { toolCallId }) },
      paths,
      change,
    );
  }

  private leaveRunning(work: Promise<unknown>): void {
    // A call Stop left running fails because of the stop, as a rule: how it ends is of no use here.
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    this.leftRunning.add(settled);
    void settled.then(() => this.leftRunning.delete(settled));
  }

  /** The steer message, recorded as the user's before the agent sends it on. */
  private async takeSteering(): Promise<string | undefined> {
    const message = this.steering;
    if (message === undefined) return undefined;
    this.steering = undefined;
    await this.recorder.record('user', { type: 'text', text: message });
    return message;
  }

  /** A call the turn left open can never finish; say so in the thread rather than leave it spinning. */
  private async closeOpenToolCalls(reason: string): Promise<void> {
    // Pieces the agent emitted may still be on their way to the store; the open calls are among them.
    const open = (await this.recorder.settled()).filter(
      (entry): entry is ToolCallEntry => entry.type === 'toolCall' && isOpenToolCall(entry),
    );
    for (const entry of open) {
      await this.recorder.recordOrOwe('assistant', {
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
    await this.elicitations.endAll('ended');
  }
}
