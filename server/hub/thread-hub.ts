/**
 * One live session per thread, created on first use from what the store holds. Each thread is
 * bound to one configured agent (the registry's), which it may be handed over from. The hub is
 * what the socket handlers talk to; it never touches a socket itself (contents leave through
 * `broadcast`, which the relay points at the thread's socket.io room).
 */
import type { ThreadEntry, ThreadMetadata } from '../../lib/protocol/acp-threads';
import type { SequencedContentReceivedParams, ThreadEvent, ThreadSnapshot } from '../../lib/protocol/thread-events';
import type { AgentRegistry } from '../agents/agent-registry';
import type { ThreadStore } from '../store/thread-store';
import { ThreadRecorder } from './thread-recorder';
import { type PromptOptions, ThreadBusyError, ThreadSession } from './thread-session';

export const NEW_THREAD_TITLE = 'New thread';
const TITLE_LENGTH = 60;
/** An agent session left unused this long is let go; the thread resumes or re-primes it on the next prompt. */
const DEFAULT_IDLE_CLOSE_MS = 15 * 60_000;

export class UnknownThreadError extends Error {
  readonly code = 'unknown-thread';
  constructor(threadId: string) {
    super(`There is no thread ${threadId}.`);
  }
}

export interface ThreadHubOptions {
  store: ThreadStore;
  agents: AgentRegistry;
  broadcast: (threadId: string, params: SequencedContentReceivedParams) => void;
  log: (message: string) => void;
  idleCloseMs?: number;
}

interface OpenThread {
  session: ThreadSession;
  recorder: ThreadRecorder;
  idleTimer?: NodeJS.Timeout;
}

export class ThreadHub {
  private readonly sessions = new Map<string, Promise<OpenThread>>();
  private readonly turns = new Set<Promise<void>>();

  constructor(private readonly options: ThreadHubOptions) {}

  listThreads(): Promise<ThreadMetadata[]> {
    return this.options.store.listThreads();
  }

  /** A thread bound to `agent` (a configured agent's name), or to the default agent. */
  async createThread(agent?: string): Promise<ThreadMetadata> {
    const chosen = agent ?? this.options.agents.defaultAgent;
    this.options.agents.assertKnown(chosen);
    return this.options.store.createThread(NEW_THREAD_TITLE, chosen);
  }

  async getEntries(threadId: string): Promise<readonly ThreadEntry[]> {
    return (await this.open(threadId)).recorder.currentEntries;
  }

  /** The entries, the seq they stand at, and whether a turn runs: one consistent view. */
  async getSnapshot(threadId: string): Promise<ThreadSnapshot> {
    const { recorder, session } = await this.open(threadId);
    return { ...recorder.snapshot(), turnRunning: session.isRunning };
  }

  /** The events after `afterSeq`, from the store: what a tab that lost its connection missed. */
  async getEventsAfter(threadId: string, afterSeq: number): Promise<{ events: ThreadEvent[]; turnRunning: boolean }> {
    const { session } = await this.open(threadId);
    return { events: await this.options.store.getEventsAfter(threadId, afterSeq), turnRunning: session.isRunning };
  }

  async isRunning(threadId: string): Promise<boolean> {
    return (await this.open(threadId)).session.isRunning;
  }

  /** The configured agent the thread is bound to now. */
  async agentOf(threadId: string): Promise<string> {
    return (await this.open(threadId)).session.binding.agent;
  }

  async prompt(threadId: string, message: string, options: PromptOptions = {}): Promise<void> {
    const opened = await this.open(threadId);
    clearTimeout(opened.idleTimer);
    const { turnEnded } = await opened.session.prompt(message, options);
    this.track(turnEnded.finally(() => this.closeWhenIdle(threadId, opened)));
    await this.nameThread(threadId, message, opened.recorder);
  }

  /**
   * Hands the thread to another configured agent: the next prompt starts that agent's session
   * with the thread's history as context. The thread records where it happened.
   */
  async handOver(threadId: string, agent: string): Promise<void> {
    this.options.agents.assertKnown(agent);
    const opened = await this.open(threadId);
    const { session, recorder } = opened;
    if (session.isRunning) throw new ThreadBusyError(threadId);
    const from = session.binding.agent;
    if (from === agent) return;
    clearTimeout(opened.idleTimer);
    await this.releaseAgentSession(threadId, from);
    await this.options.store.setThreadAgent(threadId, agent);
    session.binding.agent = agent;
    session.binding.agentSessionId = undefined;
    await recorder.record('system', { type: 'handOver', from, to: agent });
  }

  async approve(threadId: string, toolCallId: string, save?: 'session', optionId?: string): Promise<boolean> {
    return (await this.open(threadId)).session.approve(toolCallId, save, optionId);
  }

  async reject(threadId: string, toolCallId: string, optionId?: string): Promise<boolean> {
    return (await this.open(threadId)).session.reject(toolCallId, optionId);
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
    (await this.open(threadId)).session.stop();
  }

  /** Stops the thread's turn, waits for it to end, and deletes the thread and its history. */
  async deleteThread(threadId: string): Promise<void> {
    const opened = this.sessions.get(threadId);
    if (opened) {
      const { session, idleTimer } = await opened;
      clearTimeout(idleTimer);
      session.stop();
      await session.idle();
      this.sessions.delete(threadId);
      await this.releaseAgentSession(threadId, session.binding.agent);
    }
    if (!(await this.options.store.deleteThread(threadId))) throw new UnknownThreadError(threadId);
  }

  /** Stops every turn and waits for each to record its end. */
  async close(): Promise<void> {
    for (const opened of this.sessions.values()) {
      const { session, idleTimer } = await opened;
      clearTimeout(idleTimer);
      session.stop();
    }
    await Promise.allSettled([...this.turns]);
  }

  private open(threadId: string) {
    let opened = this.sessions.get(threadId);
    if (!opened) {
      opened = this.load(threadId);
      this.sessions.set(threadId, opened);
      opened.catch(() => this.sessions.delete(threadId));
    }
    return opened;
  }

  private async load(threadId: string): Promise<OpenThread> {
    const { store, agents, broadcast, log } = this.options;
    const thread = await store.getThread(threadId);
    if (!thread) throw new UnknownThreadError(threadId);
    const lastSeq = (await store.getLastEvent(threadId))?.seq ?? 0;
    const recorder = new ThreadRecorder(threadId, await store.getEntries(threadId), lastSeq, store, (params) =>
      broadcast(threadId, params),
    );
    const binding = { agent: thread.agent, agentSessionId: thread.agentSessionId };
    const session = new ThreadSession(
      recorder,
      binding,
      {
        resolve: (agent) => agents.get(agent),
        saveAgentSession: (agentSessionId) => store.saveAgentSession(threadId, agentSessionId),
      },
      log,
    );
    // Nothing runs yet in this process, so a turn still open in the store was cut off by a stop or crash.
    const lastProgress = await store.getLastEvent(threadId, 'progress');
    if (lastProgress?.content.type === 'progress' && lastProgress.content.state === 'running') {
      await session.closeInterruptedTurn('the relay stopped before this turn finished.');
    }
    return { session, recorder };
  }

  /** Lets the agent close its session for a thread nobody has prompted for a while. */
  private closeWhenIdle(threadId: string, opened: OpenThread): void {
    clearTimeout(opened.idleTimer);
    opened.idleTimer = setTimeout(() => {
      if (opened.session.isRunning) return;
      void this.releaseAgentSession(threadId, opened.session.binding.agent);
    }, this.options.idleCloseMs ?? DEFAULT_IDLE_CLOSE_MS);
    opened.idleTimer.unref();
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

  private async nameThread(threadId: string, message: string, recorder: ThreadRecorder): Promise<void> {
    const thread = await this.options.store.getThread(threadId);
    if (!thread || thread.title !== NEW_THREAD_TITLE) return;
    const firstLine = message.trim().split('\n')[0] ?? '';
    const title = firstLine.length > TITLE_LENGTH ? `${firstLine.slice(0, TITLE_LENGTH - 1)}…` : firstLine;
    await this.options.store.renameThread(threadId, title);
    await recorder.record('system', { type: 'metadata', title });
  }

  private track(turn: Promise<void>): void {
    this.turns.add(turn);
    // A turn whose last records could not be written (the store failed) is logged, not thrown away silently.
    turn
      .catch((error: unknown) => this.options.log(`a turn ended with an unrecorded failure: ${String(error)}`))
      .finally(() => this.turns.delete(turn));
  }
}
