/**
 * One live session per thread, created on first use from what the store holds. The hub is what
 * the socket handlers talk to; it never touches a socket itself (contents leave through
 * `broadcast`, which the relay points at the thread's socket.io room).
 */
import type { ThreadEntry, ThreadMetadata } from '../../lib/protocol/acp-threads';
import type { SequencedContentReceivedParams, ThreadEvent, ThreadSnapshot } from '../../lib/protocol/thread-events';
import type { AgentBackend } from '../agents/agent-backend';
import type { ThreadStore } from '../store/thread-store';
import { ThreadRecorder } from './thread-recorder';
import { type PromptOptions, ThreadSession } from './thread-session';

export const NEW_THREAD_TITLE = 'New thread';
const TITLE_LENGTH = 60;

export class UnknownThreadError extends Error {
  readonly code = 'unknown-thread';
  constructor(threadId: string) {
    super(`There is no thread ${threadId}.`);
  }
}

export interface ThreadHubOptions {
  store: ThreadStore;
  agent: AgentBackend;
  broadcast: (threadId: string, params: SequencedContentReceivedParams) => void;
  log: (message: string) => void;
}

export class ThreadHub {
  private readonly sessions = new Map<string, Promise<{ session: ThreadSession; recorder: ThreadRecorder }>>();
  private readonly turns = new Set<Promise<void>>();

  constructor(private readonly options: ThreadHubOptions) {}

  listThreads(): Promise<ThreadMetadata[]> {
    return this.options.store.listThreads();
  }

  async createThread(): Promise<ThreadMetadata> {
    return this.options.store.createThread(NEW_THREAD_TITLE);
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

  async prompt(threadId: string, message: string, options: PromptOptions = {}): Promise<void> {
    const { session, recorder } = await this.open(threadId);
    const { turnEnded } = await session.prompt(message, options);
    this.track(turnEnded);
    await this.nameThread(threadId, message, recorder);
  }

  async approve(threadId: string, toolCallId: string, save?: 'session'): Promise<boolean> {
    return (await this.open(threadId)).session.approve(toolCallId, save);
  }

  async reject(threadId: string, toolCallId: string): Promise<boolean> {
    return (await this.open(threadId)).session.reject(toolCallId);
  }

  async stop(threadId: string): Promise<void> {
    (await this.open(threadId)).session.stop();
  }

  /** Stops the thread's turn, waits for it to end, and deletes the thread and its history. */
  async deleteThread(threadId: string): Promise<void> {
    const opened = this.sessions.get(threadId);
    if (opened) {
      const { session } = await opened;
      session.stop();
      await session.idle();
      this.sessions.delete(threadId);
    }
    if (!(await this.options.store.deleteThread(threadId))) throw new UnknownThreadError(threadId);
  }

  /** Stops every turn and waits for each to record its end. */
  async close(): Promise<void> {
    for (const opened of this.sessions.values()) (await opened).session.stop();
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

  private async load(threadId: string) {
    const { store, agent, broadcast, log } = this.options;
    if (!(await store.getThread(threadId))) throw new UnknownThreadError(threadId);
    const lastSeq = (await store.getLastEvent(threadId))?.seq ?? 0;
    const recorder = new ThreadRecorder(threadId, await store.getEntries(threadId), lastSeq, store, (params) =>
      broadcast(threadId, params),
    );
    const session = new ThreadSession(recorder, agent, log);
    // Nothing runs yet in this process, so a turn still open in the store was cut off by a stop or crash.
    const lastProgress = await store.getLastEvent(threadId, 'progress');
    if (lastProgress?.content.type === 'progress' && lastProgress.content.state === 'running') {
      await session.closeInterruptedTurn('the relay stopped before this turn finished.');
    }
    return { session, recorder };
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
