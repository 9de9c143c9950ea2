/**
 * Messages typed while a thread's turn runs. Sent with Send, one waits in the thread's queue (shown
 * under the composer, editable and removable) and goes out as a prompt when the turn ends, the
 * next one after the turn that prompt starts. Sent with Steer (agents that can take a message
 * mid-turn, `thread/steer`), it goes to the running turn at once and stays listed until the agent
 * takes it (the relay records it as the user's); one the turn never took goes out as a prompt when
 * the turn ends, as ECA's editors do with `chat/promptSteer`.
 *
 * The queue lives in this tab's memory only: a reload or a closed tab loses what still waits, and
 * the page asks before it lets that happen (composer/use-leave-warning.ts).
 */
import type { ChatContext } from '../lib/protocol/eca-chat';
import { errorMessage } from './baton-rpc';
import type { BatonSliceCreator, BatonState } from './baton-state';
import { entryAt, entryCount } from './entry-list';

export interface QueuedPrompt {
  id: number;
  text: string;
  /** The contexts chosen when it was queued; they go with it. */
  contexts: readonly ChatContext[];
  /**
   * waiting: goes out when the turn ends; steering: given to the running turn, not yet taken;
   * failed: could not be sent (the error says why), kept for the user to edit, send or remove.
   */
  state: 'waiting' | 'steering' | 'failed';
  error?: string;
}

const NO_QUEUE: readonly QueuedPrompt[] = [];

export interface PromptQueueSlice {
  /** Keyed by thread id, oldest first. Replaced (never mutated) on write. */
  queuedPrompts: ReadonlyMap<string, readonly QueuedPrompt[]>;
  /** Queues `text` for the open thread's next turn, with the contexts chosen now (which are used up). */
  queuePrompt(text: string): void;
  /** Sends `text` to the open thread's running turn; queued (as steering) until the agent takes it. */
  steerPrompt(text: string): Promise<boolean>;
  editQueuedPrompt(threadId: string, id: number, text: string): void;
  removeQueuedPrompt(threadId: string, id: number): void;
  /** Bumped by whatever should put the caret in the composer (New thread, the palette). */
  composerFocusRequest: number;
  requestComposerFocus(): void;
}

export const createPromptQueueSlice: BatonSliceCreator<PromptQueueSlice> = (rpc) => (set, get, store) => {
  let nextId = 1;
  /** Threads whose queued prompt is on its way: one at a time per thread. */
  const sending = new Set<string>();

  const queueOf = (threadId: string) => get().queuedPrompts.get(threadId) ?? NO_QUEUE;
  const setQueue = (threadId: string, update: (queue: readonly QueuedPrompt[]) => readonly QueuedPrompt[]) =>
    set((state) => {
      const next = update(state.queuedPrompts.get(threadId) ?? NO_QUEUE);
      const queuedPrompts = new Map(state.queuedPrompts);
      if (next.length === 0) queuedPrompts.delete(threadId);
      else queuedPrompts.set(threadId, next);
      return { queuedPrompts };
    });

  /** Takes the open thread's chosen contexts for a queued message, emptying the chips. */
  const takeContexts = (): readonly ChatContext[] => {
    const contexts = get().promptContexts;
    if (contexts.length > 0) set({ promptContexts: [] });
    return contexts;
  };

  /**
   * The thread was deleted in this tab: nothing to send to. Its queue is kept, saying so, for after
   * an Undo (an edit sends it then) or to be removed. Marked when the delete is made, not when the
   * turn it ended is seen to end: an Undo may come first, and the ended turn is then never seen.
   */
  const holdQueueOfDeleted = (threadId: string) => {
    const error = 'Not sent: the thread was deleted. After Undo, edit it to send it, or remove it.';
    setQueue(threadId, (queue) =>
      queue.map((queued) => (queued.state === 'failed' ? queued : { ...queued, state: 'failed' as const, error })),
    );
  };

  async function sendNext(threadId: string): Promise<void> {
    if (get().recentlyDeleted?.threadId === threadId) return holdQueueOfDeleted(threadId);
    const next = queueOf(threadId).find((queued) => queued.state !== 'failed');
    if (!next || sending.has(threadId)) return;
    sending.add(threadId);
    try {
      // Edited after an Undo whose restore is still under way: the thread is not back on the relay yet.
      const undo = get().undoUnderWay(threadId);
      if (undo) await undo;
      const sent = await get().sendPrompt(next.text, { threadId, contexts: next.contexts });
      if (sent) setQueue(threadId, (queue) => queue.filter((queued) => queued.id !== next.id));
      else {
        const error = get().lastError ?? 'The relay refused it.';
        setQueue(threadId, (queue) =>
          queue.map((queued) => (queued.id === next.id ? { ...queued, state: 'failed' as const, error } : queued)),
        );
      }
    } finally {
      sending.delete(threadId);
    }
  }

  // Watches the threads that have a queue: a user message the agent took mid-turn removes the
  // steering one it was, and a turn that ends sends the next message. The taking is looked for
  // before the end too: one frame's batch can bring the taken message, the answer to it and the
  // turn's end together. Only the last few entries are looked at, so the cost per streamed piece
  // does not grow with the thread.
  store.subscribe((state, previous) => {
    const deleted = state.recentlyDeleted;
    if (deleted && deleted !== previous.recentlyDeleted && state.queuedPrompts.has(deleted.threadId)) holdQueueOfDeleted(deleted.threadId);
  });
  store.subscribe((state, previous) => {
    if (state.queuedPrompts.size === 0 || state.chats === previous.chats) return;
    for (const [threadId, queue] of state.queuedPrompts) {
      const chat = state.chats.get(threadId);
      const before = previous.chats.get(threadId);
      if (!chat || chat === before) continue;
      if (chat.turnRunning || before?.turnRunning) {
        const taken = takenSteering(state, threadId, queue);
        if (taken.length > 0) setQueue(threadId, (current) => current.filter((queued) => !taken.includes(queued.id)));
      }
      if (!chat.turnRunning && before?.turnRunning) void sendNext(threadId);
    }
  });

  return {
    queuedPrompts: new Map(),
    composerFocusRequest: 0,

    queuePrompt(text) {
      const threadId = get().selectedThreadId;
      if (!threadId || text.trim() === '') return;
      const queued: QueuedPrompt = { id: nextId++, text, contexts: takeContexts(), state: 'waiting' };
      setQueue(threadId, (queue) => [...queue, queued]);
      // Queued just as the turn ended: nothing else will send it.
      if (!get().chats.get(threadId)?.turnRunning) void sendNext(threadId);
    },

    async steerPrompt(text) {
      const threadId = get().selectedThreadId;
      if (!threadId || text.trim() === '') return false;
      const queued: QueuedPrompt = { id: nextId++, text, contexts: takeContexts(), state: 'steering' };
      setQueue(threadId, (queue) => [...queue, queued]);
      // Its taking shows at the thread's end (takenSteering): a window in the middle goes there.
      if (get().chats.get(threadId)?.entries.reachesEnd === false) await get().loadThreadEnd(threadId);
      try {
        await rpc.request('thread/steer', { threadId, text });
        return true;
      } catch (error) {
        // Not taken: it waits for the turn's end like any queued message, saying why.
        const reason = `Could not steer: ${errorMessage(error)}`;
        setQueue(threadId, (queue) =>
          queue.map((item) => (item.id === queued.id ? { ...item, state: 'waiting' as const, error: reason } : item)),
        );
        if (!get().chats.get(threadId)?.turnRunning) void sendNext(threadId);
        return false;
      }
    },

    editQueuedPrompt(threadId, id, text) {
      // An edited message that had failed is tried again at the next turn's end (or now, if none runs).
      setQueue(threadId, (queue) =>
        queue.map((queued) =>
          queued.id === id ? { ...queued, text, state: queued.state === 'failed' ? 'waiting' : queued.state, error: undefined } : queued,
        ),
      );
      if (!get().chats.get(threadId)?.turnRunning) void sendNext(threadId);
    },

    removeQueuedPrompt(threadId, id) {
      setQueue(threadId, (queue) => queue.filter((queued) => queued.id !== id));
    },

    requestComposerFocus() {
      set((state) => ({ composerFocusRequest: state.composerFocusRequest + 1 }));
    },
  };
};

/** How far back from the thread's end a taken steering message is looked for: its answer may follow it. */
const TAKEN_STEERING_LOOKBACK = 16;

/**
 * The steering messages the agent has just taken: the relay records a taken one as a user message
 * (several waiting are taken together, joined by line breaks), so the thread's latest user message
 * says which.
 */
function takenSteering(state: BatonState, threadId: string, queue: readonly QueuedPrompt[]): number[] {
  const steering = queue.filter((queued) => queued.state === 'steering');
  if (steering.length === 0) return [];
  const entries = state.chats.get(threadId)?.entries;
  if (!entries) return [];
  const end = entries.firstIndex + entryCount(entries);
  let latestUser: ReturnType<typeof entryAt>;
  for (let index = end - 1; index >= Math.max(entries.firstIndex, end - TAKEN_STEERING_LOOKBACK) && !latestUser; index--) {
    const entry = entryAt(entries, index);
    if (entry?.type === 'message' && entry.role === 'user') latestUser = entry;
  }
  if (latestUser?.type !== 'message') return [];
  const text = latestUser.chunks.map((chunk) => chunk.chunk).join('');
  const taken: number[] = [];
  let joined = '';
  for (const queued of steering) {
    joined = joined === '' ? queued.text : `${joined}\n${queued.text}`;
    taken.push(queued.id);
    if (joined === text) return taken;
  }
  return [];
}

/** The open thread's queue; the same empty array when there is none, so selectors stay stable. */
export function selectOpenQueue(state: BatonState): readonly QueuedPrompt[] {
  const threadId = state.selectedThreadId;
  return (threadId && state.queuedPrompts.get(threadId)) || NO_QUEUE;
}

/** The text of the open thread's last prompt in what is loaded, for ↑ in an empty composer. */
export function lastPromptOfOpenThread(state: BatonState): string | undefined {
  const threadId = state.selectedThreadId;
  const entries = threadId ? state.chats.get(threadId)?.entries : undefined;
  if (!entries) return undefined;
  for (let index = entries.firstIndex + entryCount(entries) - 1; index >= entries.firstIndex; index--) {
    const entry = entryAt(entries, index);
    if (entry?.type === 'message' && entry.role === 'user') return entry.chunks.map((chunk) => chunk.chunk).join('');
  }
  return undefined;
}
