/**
 * A thread's live session made from what the store holds, for the hub: its recorder (the tail of
 * its entries), its session bound to the thread's agent, and, when the relay stopped in the middle
 * of a turn, that turn closed in the record. Also how a new thread gets its title.
 */
import type { AgentRegistry } from '../agents/agent-registry';
import type { ContentListener } from './thread-recorder';
import type { ThreadStore } from '../store/thread-store';
import { UnknownThreadError } from './thread-deletions';
import { ThreadRecorder } from './thread-recorder';
import { ThreadSession } from './thread-session';
import { type FencedWrite, unfenced } from './thread-ownership';
import type { FileChangeTracker, TurnCheckpointHooks } from './turn-hooks';

export const NEW_THREAD_TITLE = 'New thread';
const TITLE_LENGTH = 60;

export interface OpenThread {
  session: ThreadSession;
  recorder: ThreadRecorder;
  /** Hub calls under way on it; it is not released while any is. */
  uses: number;
  releaseTimer?: NodeJS.Timeout;
  /**
   * The thread had a title of its own when it was opened, or has been named since: a prompt then
   * skips nameThread's read of the store, which stood between the prompt and the model's request.
   */
  titled: boolean;
}

export interface OpenThreadOptions {
  store: ThreadStore;
  agents: AgentRegistry;
  log: (message: string) => void;
  /** Keeps what files were before the agent changed them, for a rewind. */
  fileHistory?: FileChangeTracker;
  /** Takes workspace checkpoints around the turns of agents that write files themselves. */
  checkpoints?: TurnCheckpointHooks;
}

/**
 * `interruptedReason`: why a turn still open in the store was cut off, or undefined when this
 * relay must leave it be (another relay of the team runs it). `fenced`: how the thread's writes
 * carry this relay's lease on it, on a team.
 */
export async function openThread(
  threadId: string,
  options: OpenThreadOptions,
  onRecorded: ContentListener,
  interruptedReason: () => Promise<string | undefined> = async () => 'the relay stopped before this turn finished.',
  fenced: FencedWrite = unfenced,
): Promise<OpenThread> {
  const { store, agents, log } = options;
  const thread = await store.getThread(threadId);
  if (!thread) throw new UnknownThreadError(threadId);
  const recorder = await ThreadRecorder.load(threadId, store, onRecorded, fenced);
  const binding = { agent: thread.agent, agentSessionId: thread.agentSessionId };
  const session = new ThreadSession(
    recorder,
    binding,
    {
      resolve: (agent) => agents.get(agent),
      saveAgentSession: (agentSessionId) => fenced((fencing) => store.saveAgentSession(threadId, agentSessionId, fencing)),
      fileHistory: options.fileHistory,
      checkpoints: options.checkpoints,
    },
    log,
  );
  // Nothing runs yet in this process, so a turn still open in the store was cut off by a stop or
  // crash, unless another relay of the team holds the thread.
  const lastProgress = await store.getLastEvent(threadId, 'progress');
  if (lastProgress?.content.type === 'progress' && lastProgress.content.state === 'running') {
    const reason = await interruptedReason();
    if (reason !== undefined) await session.closeInterruptedTurn(reason);
  }
  return { session, recorder, uses: 0, titled: thread.title !== NEW_THREAD_TITLE };
}

/**
 * A thread still called NEW_THREAD_TITLE is renamed after the first line of its first prompt; the
 * new title, undefined when it keeps its own. Called before the turn starts: while the answer
 * streams, the read and the rename's transaction would hold the store ahead of its first piece.
 * The caller records the title as the thread's event once the prompt is recorded. Marks the open
 * thread titled either way: only a thread's first prompt names it.
 */
export async function nameThread(store: ThreadStore, opened: OpenThread, threadId: string, message: string): Promise<string | undefined> {
  if (opened.titled) return undefined;
  const thread = await store.getThread(threadId);
  opened.titled = true;
  if (!thread || thread.title !== NEW_THREAD_TITLE) return undefined;
  const firstLine = message.trim().split('\n')[0] ?? '';
  const title = firstLine.length > TITLE_LENGTH ? `${firstLine.slice(0, TITLE_LENGTH - 1)}…` : firstLine;
  await store.renameThread(threadId, title);
  return title;
}
