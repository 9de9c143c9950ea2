/**
 * One live session per thread, created on first use from what the store holds, and released from
 * memory once no tab watches the thread, no turn runs and nothing waits to be written: memory
 * follows the threads in use, not every thread ever opened. Each thread is bound to one configured
 * agent (the registry's), which it may be handed over from. The hub is what the socket handlers
 * talk to; it never touches a socket itself (contents leave through `broadcast`, which the relay
 * points at the thread's socket.io room, and `isWatched` asks whether that room has anyone).
 */
import type { ThreadEntry, ThreadMetadata } from '../../lib/protocol/acp-threads';
import type { SequencedContentReceivedParams, ThreadEvent, ThreadSnapshot } from '../../lib/protocol/thread-events';
import type { AgentRegistry } from '../agents/agent-registry';
import type { ThreadListRequest, ThreadPage, ThreadStore } from '../store/thread-store';
import type { FileHistory } from '../rewind/file-history';
import type { TurnCheckpoints } from '../rewind/turn-checkpoints';
import { AgentIdleTimers, DEFAULT_IDLE_CLOSE_MS } from './agent-idle-timers';
import { NEW_THREAD_TITLE, nameThread, type OpenThread, openThread } from './open-thread';
import { ThreadDeletingError, ThreadDeletions, UnknownThreadError } from './thread-deletions';
import { type PromptOptions, ThreadBusyError } from './thread-session';
import type { ThreadRecorder } from './thread-recorder';

export { ThreadDeletingError, UnknownThreadError } from './thread-deletions';

export { NEW_THREAD_TITLE } from './open-thread';
/** A thread's live session outlives its last use by this much, so that a quick return finds it. */
const DEFAULT_RELEASE_AFTER_MS = 30_000;

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
  fileHistory?: FileHistory;
  /** Workspace checkpoints for agents that write files themselves (server/rewind); none when omitted. */
  checkpoints?: TurnCheckpoints;
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
  private readonly sessions = new Map<string, Promise<OpenThread>>();
  /** The same sessions once loaded, to tell a released one from its successor. */
  private readonly loaded = new Map<string, OpenThread>();
  private readonly turns = new Set<Promise<void>>();
  private readonly deletions = new ThreadDeletions();
  private readonly agentIdle: AgentIdleTimers;

  constructor(private readonly options: ThreadHubOptions) {
    this.agentIdle = new AgentIdleTimers(options.idleCloseMs ?? DEFAULT_IDLE_CLOSE_MS, (threadId, agent) => {
      if (this.loaded.get(threadId)?.session.isRunning) return;
      void this.releaseAgentSession(threadId, agent);
    });
  }

  /** Every thread, or a page of them (`limit`, and the `nextCursor` of the page before), filtered. */
  listThreads(page?: ThreadListRequest): Promise<ThreadPage> {
    return this.options.store.listThreads(page);
  }

  /** Where the files agents change are kept, for rewinds; undefined when nothing is kept. */
  get fileHistory(): FileHistory | undefined {
    return this.options.fileHistory;
  }

  get checkpoints(): TurnCheckpoints | undefined {
    return this.options.checkpoints;
  }

  /** How many threads have a live session in memory now. */
  get liveSessions(): number {
    return this.sessions.size;
  }

  /** The relay says no tab watches the thread any more: it may leave memory. */
  unwatched(threadId: string): void {
    const opened = this.loaded.get(threadId);
    if (opened) this.releaseLater(threadId, opened);
  }

  /** A thread bound to `agent` (a configured agent's name), or to the default agent. */
  async createThread(agent?: string): Promise<ThreadMetadata> {
    const chosen = agent ?? this.options.agents.defaultAgent;
    this.options.agents.assertKnown(chosen);
    return this.options.store.createThread(NEW_THREAD_TITLE, chosen);
  }

  async getEntries(threadId: string): Promise<readonly ThreadEntry[]> {
    return this.use(threadId, async ({ recorder }) => (await recorder.snapshot()).entries);
  }

  /**
   * The entries, the seq they stand at, and whether a turn runs: one consistent view. With `limit`,
   * the last page of entries and where it starts (see ThreadRecorder.snapshot).
   */
  async getSnapshot(threadId: string, page?: { limit: number }): Promise<ThreadSnapshot> {
    return this.use(threadId, async ({ recorder, session }) => {
      const snapshot = await recorder.snapshot(page?.limit);
      return { ...snapshot, turnRunning: session.isRunning };
    });
  }

  /** The events after `afterSeq`, from the store: what a tab that lost its connection missed. */
  async getEventsAfter(threadId: string, afterSeq: number): Promise<{ events: ThreadEvent[]; turnRunning: boolean }> {
    return this.use(threadId, async ({ session }) => ({
      events: await this.options.store.getEventsAfter(threadId, afterSeq),
      turnRunning: session.isRunning,
    }));
  }

  async isRunning(threadId: string): Promise<boolean> {
    return this.use(threadId, ({ session }) => session.isRunning);
  }

  /** The configured agent the thread is bound to now. */
  async agentOf(threadId: string): Promise<string> {
    return this.use(threadId, ({ session }) => session.binding.agent);
  }

  async prompt(threadId: string, message: string, options: PromptOptions = {}): Promise<void> {
    // A delete waits for prompts under way (their recording and naming) before it removes the thread.
    await this.deletions.trackPrompt(threadId, this.promptNow(threadId, message, options));
  }

  private async promptNow(threadId: string, message: string, options: PromptOptions): Promise<void> {
    await this.use(threadId, async (opened) => {
      // The deletion may have begun while the thread was being opened.
      this.deletions.assertNotDeleting(threadId);
      this.agentIdle.cancel(threadId);
      const { turnEnded } = await opened.session.prompt(message, options);
      this.track(
        turnEnded.finally(() => {
          this.agentIdle.start(threadId, opened.session.binding.agent);
          this.releaseLater(threadId, opened);
        }),
      );
      await nameThread(this.options.store, threadId, message, opened.recorder);
    });
  }

  /**
   * Hands the thread to another configured agent: the next prompt starts that agent's session
   * with the thread's history as context. The thread records where it happened.
   */
  async handOver(threadId: string, agent: string): Promise<void> {
    this.options.agents.assertKnown(agent);
    await this.use(threadId, async ({ session, recorder }) => {
      if (session.isRunning) throw new ThreadBusyError(threadId);
      const from = session.binding.agent;
      if (from === agent) return;
      this.agentIdle.cancel(threadId);
      await this.releaseAgentSession(threadId, from);
      await this.options.store.setThreadAgent(threadId, agent);
      session.binding.agent = agent;
      session.binding.agentSessionId = undefined;
      await recorder.record('system', { type: 'handOver', from, to: agent });
    });
  }

  /**
   * Runs `edit` on the thread's record while no turn runs or starts (rewind and fork, in
   * server/rewind). `forgetAgentSession` lets the agent's own session go, so that the next turn
   * starts a new one primed with the thread's history as it is then.
   */
  async editThread<T>(threadId: string, edit: (thread: EditableThread) => Promise<T>): Promise<T> {
    return this.use(threadId, ({ session, recorder }) =>
      session.whileIdle(() =>
        edit({
          threadId,
          recorder,
          agent: session.binding.agent,
          forgetAgentSession: async () => {
            this.agentIdle.cancel(threadId);
            await this.releaseAgentSession(threadId, session.binding.agent);
            session.binding.agentSessionId = undefined;
            await this.options.store.saveAgentSession(threadId, null);
          },
        }),
      ),
    );
  }

  async approve(threadId: string, toolCallId: string, save?: 'session', optionId?: string): Promise<boolean> {
    return this.use(threadId, ({ session }) => session.approve(toolCallId, save, optionId));
  }

  async reject(threadId: string, toolCallId: string, optionId?: string): Promise<boolean> {
    return this.use(threadId, ({ session }) => session.reject(toolCallId, optionId));
  }

  /** ECA's `chat/promptSteer`: a message for the running turn's next model request; false when no turn runs. */
  async steer(threadId: string, message: string): Promise<boolean> {
    return (await this.open(threadId)).session.steer(message);
  }

  /** ECA's `chat/promptSteerRemove`: false when no steer message waited. */
  async removeSteering(threadId: string): Promise<boolean> {
    return (await this.open(threadId)).session.removeSteering();
  }

  async stop(threadId: string): Promise<void> {
    await this.use(threadId, ({ session }) => session.stop());
  }

  /**
   * Stops the thread's turn, waits for it to end, and deletes the thread and its history: for good
   * (`purge`), or restorably (`trash`, the thread list's delete with an undo).
   */
  async deleteThread(threadId: string, how: 'purge' | 'trash' = 'purge'): Promise<void> {
    await this.deletions.run(threadId, async () => {
      const opening = this.sessions.get(threadId);
      if (opening) {
        const opened = await opening;
        const { session } = opened;
        clearTimeout(opened.releaseTimer);
        this.agentIdle.cancel(threadId);
        session.stop();
        await this.deletions.promptsEnded(threadId);
        await session.idle();
        this.forget(threadId, opened);
        await this.releaseAgentSession(threadId, session.binding.agent);
      }
      const store = this.options.store;
      if (!(await (how === 'trash' ? store.trashThread(threadId) : store.deleteThread(threadId)))) throw new UnknownThreadError(threadId);
    });
  }

  /** Stops every turn and waits for each to record its end. */
  async close(): Promise<void> {
    this.agentIdle.cancelAll();
    for (const opening of this.sessions.values()) {
      const opened = await opening;
      clearTimeout(opened.releaseTimer);
      opened.session.stop();
    }
    await Promise.allSettled([...this.turns]);
  }

  /**
   * Runs `use` on the thread's live session, loading it first if need be. A session is released
   * only from a timer and only when no such call is under way, so `use` never sees one go.
   */
  private async use<T>(threadId: string, use: (opened: OpenThread) => T | Promise<T>): Promise<T> {
    const opened = await this.open(threadId);
    opened.uses += 1;
    clearTimeout(opened.releaseTimer);
    try {
      return await use(opened);
    } finally {
      opened.uses -= 1;
      this.releaseLater(threadId, opened);
    }
  }

  private open(threadId: string): Promise<OpenThread> {
    if (this.deletions.isDeleting(threadId)) return Promise.reject(new ThreadDeletingError(threadId));
    let opening = this.sessions.get(threadId);
    if (!opening) {
      opening = openThread(threadId, this.options, (params) => this.options.broadcast(threadId, params));
      this.sessions.set(threadId, opening);
      opening.then(
        (opened) => this.loaded.set(threadId, opened),
        () => this.sessions.delete(threadId),
      );
    }
    return opening;
  }

  private releaseLater(threadId: string, opened: OpenThread): void {
    clearTimeout(opened.releaseTimer);
    if (opened.uses > 0 || opened.session.isRunning) return;
    opened.releaseTimer = setTimeout(() => this.releaseIfUnused(threadId, opened), this.options.releaseAfterMs ?? DEFAULT_RELEASE_AFTER_MS);
    opened.releaseTimer.unref();
  }

  private releaseIfUnused(threadId: string, opened: OpenThread): void {
    if (this.loaded.get(threadId) !== opened || opened.uses > 0 || opened.session.isRunning) return;
    if (!opened.recorder.isBroken && this.options.isWatched?.(threadId)) return;
    // Still writing: the entries must stay until what they hold is stored.
    if (!opened.recorder.isIdle) return this.releaseLater(threadId, opened);
    this.forget(threadId, opened);
  }

  private forget(threadId: string, opened: OpenThread): void {
    clearTimeout(opened.releaseTimer);
    if (this.loaded.get(threadId) !== opened) return;
    this.loaded.delete(threadId);
    this.sessions.delete(threadId);
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
