/**
 * One live session per thread, created on first use from what the store holds, and released from
 * memory once no tab watches the thread, no turn runs and nothing waits to be written
 * (live-threads.ts): memory follows the threads in use, not every thread ever opened. Each thread is bound to one configured
 * agent (the registry's), which it may be handed over from. The hub is what the socket handlers
 * talk to; it never touches a socket itself (contents leave through `broadcast`, which the relay
 * points at the thread's socket.io room, and `isWatched` asks whether that room has anyone).
 */
import type { Actor } from '../../lib/protocol/roles';
import type { ElicitationAction, ElicitationValues } from '../../lib/protocol/elicitation';
import type { ThreadEntry, ThreadMetadata } from '../../lib/protocol/thread-model';
import type { SequencedContentReceivedParams, ThreadEvent, ThreadSnapshot } from '../../lib/protocol/thread-events';
import type { AgentRegistry } from '../agents/agent-registry';
import type { ThreadListRequest, ThreadPage, ThreadStore } from '../store/thread-store';
import { AgentIdleTimers, DEFAULT_IDLE_CLOSE_MS } from './agent-idle-timers';
import { LiveThreads } from './live-threads';
import { NEW_THREAD_TITLE, nameThread, type OpenThread, openThread } from './open-thread';
import { PendingPrompts } from './pending-prompts';
import { ThreadDeletions, UnknownThreadError } from './thread-deletions';
import type { FileChangeTracker, TurnCheckpointHooks } from './turn-hooks';
import { type PromptOptions, ThreadBusyError } from './thread-session';
import type { ThreadRecorder } from './thread-recorder';
import { ThreadHoldings } from './thread-holdings';
import type { ThreadHolding, ThreadOwnership } from './thread-ownership';

export { ThreadDeletingError, UnknownThreadError } from './thread-deletions';

/** How long a closing relay waits for tool calls a Stop left running (ThreadHub.close). */
const CLOSE_WAIT_FOR_TOOLS_MS = 10_000;

export { NEW_THREAD_TITLE } from './open-thread';

export interface ThreadHubOptions {
  store: ThreadStore;
  agents: AgentRegistry;
  broadcast: (threadId: string, params: SequencedContentReceivedParams) => void;
  log: (message: string) => void;
  /** Whether any tab watches the thread now; a watched thread stays in memory. None, by default. */
  isWatched?: (threadId: string) => boolean;
  idleCloseMs?: number;
  releaseAfterMs?: number;
  /** Keeps the files agents change, for rewinds (server/rewind); none kept when omitted. */
  fileHistory?: FileChangeTracker;
  /** Workspace checkpoints for agents that write files themselves (server/rewind); none when omitted. */
  checkpoints?: TurnCheckpointHooks;
  /** Which relay of a team runs each thread (thread-ownership.ts); a single relay runs them all. */
  ownership?: ThreadOwnership;
  /** How long close() waits for tool calls a Stop left running; 10 s by default. */
  closeWaitForToolsMs?: number;
}

/** What an edit of a thread's history gets (ThreadHub.editThread). */
export interface EditableThread {
  threadId: string;
  recorder: ThreadRecorder;
  /** The configured agent the thread is bound to. */
  agent: string;
  forgetAgentSession(): Promise<void>;
}

export class ThreadHub {
  private readonly turns = new Set<Promise<void>>();
  private readonly deletions = new ThreadDeletions();
  private readonly pendingPrompts = new PendingPrompts();
  private readonly live: LiveThreads;
  private readonly agentIdle: AgentIdleTimers;
  private readonly holdings: ThreadHoldings;

  constructor(protected readonly options: ThreadHubOptions) {
    this.live = new LiveThreads({
      load: (threadId) =>
        openThread(
          threadId,
          options,
          (params) => options.broadcast(threadId, params),
          () => this.holdings.interruptedReason(threadId),
          this.holdings.fencedWrite(threadId),
        ),
      isDeleting: (threadId) => this.deletions.isDeleting(threadId),
      isWatched: (threadId) => options.isWatched?.(threadId) ?? false,
      releaseAfterMs: options.releaseAfterMs,
    });
    this.holdings = new ThreadHoldings(options.ownership, this.live, options.log);
    this.agentIdle = new AgentIdleTimers(options.idleCloseMs ?? DEFAULT_IDLE_CLOSE_MS, (threadId, agent) => {
      if (this.live.loadedThread(threadId)?.session.isRunning) return;
      void this.releaseAgentSession(threadId, agent);
    });
  }

  /** Every thread, or a page of them (`limit`, and the `nextCursor` of the page before), filtered. */
  listThreads(page?: ThreadListRequest): Promise<ThreadPage> {
    return this.options.store.listThreads(page);
  }

  /** The checkpoint hooks, for the thread list's purges (thread-directory.ts). */
  get checkpoints(): TurnCheckpointHooks | undefined {
    return this.options.checkpoints;
  }

  /** How many threads have a live session in memory now. */
  get liveSessions(): number {
    return this.live.size;
  }

  /** The relay says no tab watches the thread any more: it may leave memory. */
  unwatched(threadId: string): void {
    const opened = this.live.loadedThread(threadId);
    if (opened) this.live.releaseLater(threadId, opened);
  }

  /**
   * A tab opened the thread: its agent, if already started, gets ready for a prompt
   * (AgentBackend.prepare). One not started yet is left so: opening a thread starts no process.
   */
  prepareAgent(threadId: string): void {
    const agent = this.live.loadedThread(threadId)?.session.binding.agent;
    if (agent !== undefined) this.options.agents.startedBackends().get(agent)?.prepare?.();
  }

  /** A thread bound to `agent` (a configured agent's name), or to the default agent. */
  async createThread(agent?: string): Promise<ThreadMetadata> {
    const chosen = agent ?? this.options.agents.defaultAgent;
    this.options.agents.assertKnown(chosen);
    return this.options.store.createThread(NEW_THREAD_TITLE, chosen);
  }

  async getEntries(threadId: string): Promise<readonly ThreadEntry[]> {
    return this.holdings.useFresh(threadId, async ({ recorder }) => (await recorder.snapshot()).entries);
  }

  /**
   * The entries, the seq they stand at, and whether a turn runs: one consistent view. With `limit`,
   * the last page of entries and where it starts (see ThreadRecorder.snapshot).
   */
  async getSnapshot(threadId: string, page?: { limit: number }): Promise<ThreadSnapshot> {
    return this.holdings.useFresh(threadId, async ({ recorder, session }) => {
      const snapshot = await recorder.snapshot(page?.limit);
      return { ...snapshot, turnRunning: session.isRunning };
    });
  }

  /** The events after `afterSeq`, from the store: what a tab that lost its connection missed. */
  async getEventsAfter(threadId: string, afterSeq: number): Promise<{ events: ThreadEvent[]; turnRunning: boolean }> {
    return this.holdings.useFresh(threadId, async ({ session }) => ({
      events: await this.options.store.getEventsAfter(threadId, afterSeq),
      turnRunning: session.isRunning,
    }));
  }

  async isRunning(threadId: string): Promise<boolean> {
    return this.holdings.useFresh(threadId, ({ session }) => session.isRunning);
  }

  /** The configured agent the thread is bound to now. */
  async agentOf(threadId: string): Promise<string> {
    return this.holdings.useFresh(threadId, ({ session }) => session.binding.agent);
  }

  /**
   * Starts a turn. `options` may still be on its way (the model is chosen once the agent has
   * started): a Stop from then on is kept and stops the turn as soon as it begins.
   */
  async prompt(threadId: string, message: string, options: PromptOptions | Promise<PromptOptions> = {}): Promise<void> {
    await this.pendingPrompts.track(threadId, async (stopRequested) => {
      const chosen = await options;
      // A delete waits for prompts under way (their recording and naming) before it removes the thread.
      await this.deletions.trackPrompt(threadId, this.promptNow(threadId, message, chosen, stopRequested));
    });
  }

  private async promptNow(threadId: string, message: string, options: PromptOptions, stopRequested: () => boolean): Promise<void> {
    await this.holdings.acquire(threadId);
    let started = false;
    try {
      await this.live.use(threadId, async (opened) => {
        // The deletion may have begun while the thread was being opened.
        this.deletions.assertNotDeleting(threadId);
        this.agentIdle.cancel(threadId);
        // A busy thread refuses the prompt below: it is not named after it either.
        const title = opened.session.isRunning ? undefined : await nameThread(this.options.store, opened, threadId, message);
        const starting = opened.session.prompt(message, options);
        // The session holds the turn from the call on: a Stop that came before it stops it now.
        if (stopRequested()) opened.session.stop();
        const { turnEnded } = await starting;
        started = true;
        this.track(
          turnEnded.finally(async () => {
            this.agentIdle.start(threadId, opened.session.binding.agent);
            this.live.releaseLater(threadId, opened);
            await this.holdings.release(threadId);
          }),
        );
        if (title !== undefined) await opened.recorder.record('system', { type: 'metadata', title });
      });
    } catch (error) {
      if (!started) await this.holdings.release(threadId);
      throw error;
    }
  }

  /** Takes over a thread whose owner's lease expired (thread-holdings.ts). */
  takeOver(threadId: string, holding: ThreadHolding): Promise<void> {
    return this.holdings.takeOver(threadId, holding);
  }

  /**
   * Hands the thread to another configured agent: the next prompt starts that agent's session
   * with the thread's history as context. The thread records where it happened.
   */
  async handOver(threadId: string, agent: string): Promise<void> {
    this.options.agents.assertKnown(agent);
    await this.holdings.whileHeld(threadId, () =>
      this.live.use(threadId, async ({ session, recorder }) => {
        if (session.isRunning) throw new ThreadBusyError(threadId);
        const from = session.binding.agent;
        if (from === agent) return;
        this.agentIdle.cancel(threadId);
        await this.releaseAgentSession(threadId, from);
        await this.holdings.fencedWrite(threadId)((fencing) => this.options.store.setThreadAgent(threadId, agent, fencing));
        session.binding.agent = agent;
        session.binding.agentSessionId = undefined;
        await recorder.record('system', { type: 'handOver', from, to: agent });
      }),
    );
  }

  /**
   * Runs `edit` on the thread's record while no turn runs or starts (rewind and fork, in
   * server/rewind). `forgetAgentSession` lets the agent's own session go, so that the next turn
   * starts a new one primed with the thread's history as it is then.
   */
  async editThread<T>(threadId: string, edit: (thread: EditableThread) => Promise<T>): Promise<T> {
    return this.holdings.whileHeld(threadId, () =>
      this.live.use(threadId, ({ session, recorder }) =>
        session.whileIdle(() =>
          edit({
            threadId,
            recorder,
            agent: session.binding.agent,
            forgetAgentSession: async () => {
              this.agentIdle.cancel(threadId);
              await this.releaseAgentSession(threadId, session.binding.agent);
              session.binding.agentSessionId = undefined;
              await this.holdings.fencedWrite(threadId)((fencing) => this.options.store.saveAgentSession(threadId, null, fencing));
            },
          }),
        ),
      ),
    );
  }

  /** `by`: the paired device or configured user that answered, kept in the thread's review. */
  async approve(threadId: string, toolCallId: string, save?: 'session', optionId?: string, by?: Actor): Promise<boolean> {
    await this.holdings.assertNotElsewhere(threadId);
    return this.live.use(threadId, ({ session }) => session.approve(toolCallId, save, optionId, by));
  }

  async reject(threadId: string, toolCallId: string, optionId?: string, by?: Actor): Promise<boolean> {
    await this.holdings.assertNotElsewhere(threadId);
    return this.live.use(threadId, ({ session }) => session.reject(toolCallId, optionId, by));
  }

  /** A tab's answer to an agent's question (`thread/answerElicitation`); refused when it does not fit the question. */
  async answerElicitation(
    threadId: string,
    elicitationId: string,
    action: ElicitationAction,
    content?: ElicitationValues,
    device?: string,
  ): Promise<void> {
    await this.holdings.assertNotElsewhere(threadId);
    return this.live.use(threadId, ({ session }) => session.answerElicitation(elicitationId, action, content, device));
  }

  /** ECA's `chat/promptSteer`: a message for the running turn's next model request; false when no turn runs. */
  async steer(threadId: string, message: string): Promise<boolean> {
    await this.holdings.assertNotElsewhere(threadId);
    return (await this.live.open(threadId)).session.steer(message);
  }

  /** ECA's `chat/promptSteerRemove`: false when no steer message waited. */
  async removeSteering(threadId: string): Promise<boolean> {
    await this.holdings.assertNotElsewhere(threadId);
    return (await this.live.open(threadId)).session.removeSteering();
  }

  /** `by`: the paired device or configured user that stopped the turn, kept in the thread's review. */
  async stop(threadId: string, by?: Actor): Promise<void> {
    this.pendingPrompts.requestStop(threadId);
    await this.holdings.assertNotElsewhere(threadId);
    await this.live.use(threadId, ({ session }) => session.stop(by));
  }

  /** Once the thread's deletion under way (if any) has ended: a restore comes after it, not before. */
  deletionSettled(threadId: string): Promise<void> {
    return this.deletions.settled(threadId);
  }

  /**
   * Stops the thread's turn, waits for it to end, and deletes the thread and its history: for good
   * (`purge`), or restorably (`trash`, the thread list's delete with an undo).
   */
  async deleteThread(threadId: string, how: 'purge' | 'trash' = 'purge'): Promise<void> {
    await this.deletions.run(threadId, () =>
      this.holdings.whileHeld(threadId, async () => {
        const opening = this.live.opening(threadId);
        if (opening) {
          const opened = await opening;
          const { session } = opened;
          clearTimeout(opened.releaseTimer);
          this.agentIdle.cancel(threadId);
          session.stop();
          await this.deletions.promptsEnded(threadId);
          await session.idle();
          this.live.forget(threadId, opened);
          await this.releaseAgentSession(threadId, session.binding.agent);
        }
        const store = this.options.store;
        if (!(await (how === 'trash' ? store.trashThread(threadId) : store.deleteThread(threadId)))) throw new UnknownThreadError(threadId);
        if (how === 'purge') await this.options.checkpoints?.threadDeleted(threadId);
      }),
    );
  }

  /** Stops every turn and waits for each to record its end, and for what a tool call Stop left running does. */
  async close(): Promise<void> {
    this.agentIdle.cancelAll();
    // Prompts on their way stop as their turns begin, and none comes after them.
    await this.pendingPrompts.close();
    const opened = (await Promise.allSettled(this.live.all())).flatMap((loaded) => (loaded.status === 'fulfilled' ? [loaded.value] : []));
    for (const { session, releaseTimer } of opened) {
      clearTimeout(releaseTimer);
      session.interruptForClose();
    }
    await Promise.allSettled(this.turns);
    await this.leftRunningSettled(opened);
    await this.holdings.releaseAll();
  }

  /**
   * Waits for the tool calls stopped turns left running (each answers its stop signal), for a
   * while only: a tool that never returns must not keep the relay from stopping.
   */
  private async leftRunningSettled(threads: OpenThread[]): Promise<void> {
    const waitMs = this.options.closeWaitForToolsMs ?? CLOSE_WAIT_FOR_TOOLS_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const givenUp = new Promise<'given up'>((resolve) => {
      timer = setTimeout(() => resolve('given up'), waitMs);
    });
    const outcome = await Promise.race([Promise.allSettled(threads.map(({ session }) => session.idle())), givenUp]);
    clearTimeout(timer);
    if (outcome !== 'given up') return;
    const still = threads.filter(({ session }) => session.isWorking).map(({ recorder }) => recorder.threadId);
    this.options.log(`closing with tool calls still running after ${waitMs} ms in threads ${still.join(', ')}`);
  }

  private async releaseAgentSession(threadId: string, agent: string): Promise<void> {
    try {
      const backend = await this.options.agents.get(agent);
      await backend.closeThread?.(threadId);
    } catch (error) {
      // The agent may be gone or misconfigured; the thread itself is unaffected.
      this.options.log(`could not close ${agent}'s session of thread ${threadId}: ${String(error)}`);
    }
  }

  private track(turn: Promise<void>): void {
    this.turns.add(turn);
    // A turn whose last records could not be written (the store failed) is logged, not thrown away silently.
    turn
      .catch((error: unknown) => this.options.log(`a turn ended with an unrecorded failure: ${String(error)}`))
      .finally(() => this.turns.delete(turn));
  }
}
