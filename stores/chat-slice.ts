/**
 * The open threads' chats (entries folded live from `chat/contentReceived`) and the turn actions:
 * prompt, stop, approve, reject, answer an agent's question, clear.
 */
import type { ChatContext } from '../lib/protocol/eca-chat';
import type { ElicitationAction, ElicitationValues } from '../lib/protocol/elicitation';
import type { SequencedContentReceivedParams } from '../lib/protocol/thread-events';
import { selectPromptBehavior, selectPromptModel } from './active-agent';
import { errorMessage } from './baton-rpc';
import type { BatonSliceCreator, BatonState } from './baton-state';
import { EMPTY_THREAD_CHAT, type ThreadChat } from './thread-chat';
import { hasGap, receiveSequenced } from './thread-sequence';

/** A prompt creating its thread; `threadId` once the relay has named it. */
export interface NewThreadPrompt {
  threadId: string | null;
}

export interface ChatSlice {
  /** Keyed by thread id: every thread this tab has opened. Replaced (never mutated) on write. */
  chats: ReadonlyMap<string, ThreadChat>;
  /** The last failed action (prompt, create, open, load), shown until the next one starts. */
  lastError: string | null;
  /**
   * A prompt that creates its thread, from Send until that thread is open with its record loaded:
   * meanwhile no loaded chat says a turn runs, so this does (Stop shows, Esc stops). `threadId`
   * once the relay has named the thread; before, a Stop is kept and sent as soon as it does.
   */
  newThreadPrompt: NewThreadPrompt | null;
  /** Counts the prompts the user sent from this tab (not the queued ones): each brings the chat's view to its end. */
  promptsSent: number;
  receiveChatContent(params: SequencedContentReceivedParams): void;
  /**
   * Several contents in arrival order, as if received one by one, in one change of the store: a
   * streamed answer's pieces of a frame cost one round of the store's subscribers, not one each.
   */
  receiveChatContents(batch: readonly SequencedContentReceivedParams[]): void;
  /**
   * Sends a prompt to the open thread, or with none open creates one with it, with the chosen
   * model, behavior and contexts; the contexts are used up once it is sent. `queued`: a message
   * that waited for a turn to end (prompt-queue-slice.ts), for its own thread with its own contexts.
   */
  sendPrompt(message: string, queued?: { threadId: string; contexts: readonly ChatContext[] }): Promise<boolean>;
  /** Stops the open thread's turn; right after a first Send, the turn of the thread being created. */
  stopTurn(): void;
  /**
   * `forSession`: ECA's `save: 'session'`, no more asking for this tool in this thread until the
   * relay stops; `optionId`: the agent's own option the user picked on the card.
   */
  approveToolCall(toolCallId: string, options?: { forSession?: boolean; optionId?: string }): void;
  rejectToolCall(toolCallId: string, options?: { optionId?: string }): void;
  /**
   * Answers the agent's question on the open thread (`thread/answerElicitation`); resolves with
   * why the relay refused the answer (the question then still waits), or null once it is taken.
   */
  answerElicitation(elicitationId: string, action: ElicitationAction, content?: ElicitationValues): Promise<string | null>;
}

export const createChatSlice: BatonSliceCreator<ChatSlice> = (rpc) => (set, get) => {
  const updateChat = (threadId: string, update: (chat: ThreadChat) => ThreadChat) =>
    set((state) => {
      const previous = state.chats.get(threadId) ?? EMPTY_THREAD_CHAT;
      const next = update(previous);
      return next === previous ? {} : { chats: new Map(state.chats).set(threadId, next) };
    });

  /** The decisions and Stop are notifications: the relay answers with contents, not a response. */
  const notifyOpenThread = (notify: (chatId: string) => void, chatId = get().selectedThreadId) => {
    if (!chatId) return;
    try {
      notify(chatId);
    } catch (error) {
      set({ lastError: errorMessage(error) });
    }
  };

  // A Stop asked for while the prompt creating a thread was on its way.
  let stopNewThreadTurn = false;

  return {
    chats: new Map(),
    lastError: null,
    newThreadPrompt: null,
    promptsSent: 0,

    receiveChatContent(params) {
      get().receiveChatContents([params]);
    },

    receiveChatContents(batch) {
      if (batch.length === 0) return;
      set((state) => {
        let chats: Map<string, ThreadChat> | null = null;
        for (const params of batch) {
          const previous = (chats ?? state.chats).get(params.chatId) ?? EMPTY_THREAD_CHAT;
          const next = receiveSequenced(previous, params);
          if (next !== previous) (chats ??= new Map(state.chats)).set(params.chatId, next);
        }
        return chats ? { chats } : {};
      });
      // An event ahead of a missing one: fetch what was missed from the relay's record.
      for (const chatId of new Set(batch.map((params) => params.chatId))) {
        const chat = get().chats.get(chatId);
        if (chat && hasGap(chat) && chatId === get().selectedThreadId) void get().catchUpThread(chatId);
      }
      for (const { chatId, content } of batch) {
        if (content.type === 'metadata') get().renameThread(chatId, content.title);
        if (content.type === 'handOver') get().setThreadAgent(chatId, content.to);
        // A finished turn may have changed files in the workspace; a rewind may have put files back.
        if ((content.type === 'progress' && content.state === 'finished') || content.type === 'threadRewound') void get().refreshFiles();
      }
    },

    async sendPrompt(message, queued) {
      if (message.trim() === '') return false;
      set((state) => ({ lastError: null, promptsSent: queued ? state.promptsSent : state.promptsSent + 1 }));
      // No open thread: this prompt creates one (the relay makes it, with the agent chosen for it).
      const threadId = queued ? queued.threadId : get().selectedThreadId;
      const newThreadAgent = get().newThreadAgent;
      // Running from the moment it is sent, so a second Enter cannot send twice; the relay's
      // `progress finished` (or the failure below) ends it.
      if (threadId) updateChat(threadId, (chat) => ({ ...chat, turnRunning: true, turnError: null }));
      // From a window in the middle of the thread, the prompt and its answer show at the end.
      if (threadId && get().chats.get(threadId)?.entries.reachesEnd === false) {
        await get().loadThreadEnd(threadId);
        updateChat(threadId, (chat) => ({ ...chat, turnRunning: true }));
      }
      const promptContexts = queued ? queued.contexts : get().promptContexts;
      const selectedModel = selectPromptModel(get());
      const selectedBehavior = selectPromptBehavior(get());
      // Compared by identity: only this prompt's own mark is moved on or cleared.
      let newThreadMark: NewThreadPrompt | null = null;
      if (!threadId) {
        stopNewThreadTurn = false;
        newThreadMark = { threadId: null };
        set({ newThreadPrompt: newThreadMark });
      }
      try {
        const { chatId } = await rpc.request('chat/prompt', {
          ...(threadId ? { chatId: threadId } : newThreadAgent ? { baton: { agent: newThreadAgent } } : {}),
          message,
          ...(selectedModel ? { model: selectedModel } : {}),
          ...(selectedBehavior ? { behavior: selectedBehavior } : {}),
          ...(promptContexts.length > 0 ? { contexts: [...promptContexts] } : {}),
        });
        // Only the contexts sent: any chosen while the prompt was on its way stay for the next.
        if (!queued) set((state) => ({ promptContexts: state.promptContexts.filter((context) => !promptContexts.includes(context)) }));
        if (!threadId) {
          // The relay answers once the turn has started: a Stop kept meanwhile reaches it now.
          if (stopNewThreadTurn) notifyOpenThread((id) => rpc.notify('chat/promptStop', { chatId: id }), chatId);
          stopNewThreadTurn = false;
          // The thread the prompt made opens, unless the user moved on meanwhile; its address follows.
          if (get().selectedThreadId === null) {
            newThreadMark = { threadId: chatId };
            set({ newThreadPrompt: newThreadMark });
            await get().selectThread(chatId);
          }
          // Its record loaded now says whether its turn still runs.
          if (get().newThreadPrompt === newThreadMark) set({ newThreadPrompt: null });
        }
        return true;
      } catch (error) {
        if (threadId) updateChat(threadId, (chat) => ({ ...chat, turnRunning: false }));
        else stopNewThreadTurn = false;
        set({
          lastError: errorMessage(error),
          ...(newThreadMark && get().newThreadPrompt === newThreadMark ? { newThreadPrompt: null } : {}),
        });
        return false;
      }
    },

    stopTurn() {
      // Before the relay has named the thread; once it has, that thread is the open one.
      if (get().selectedThreadId === null && get().newThreadPrompt?.threadId === null) {
        stopNewThreadTurn = true;
        return;
      }
      notifyOpenThread((chatId) => rpc.notify('chat/promptStop', { chatId }));
    },

    approveToolCall(toolCallId, options = {}) {
      notifyOpenThread((chatId) =>
        rpc.notify('chat/toolCallApprove', {
          chatId,
          toolCallId,
          ...(options.forSession ? { save: 'session' as const } : {}),
          ...(options.optionId === undefined ? {} : { optionId: options.optionId }),
        }),
      );
    },

    async answerElicitation(elicitationId, action, content) {
      const threadId = get().selectedThreadId;
      if (!threadId) return 'No thread is open.';
      try {
        await rpc.request('thread/answerElicitation', { threadId, elicitationId, action, ...(content ? { content } : {}) });
        return null;
      } catch (error) {
        return errorMessage(error);
      }
    },

    rejectToolCall(toolCallId, options = {}) {
      notifyOpenThread((chatId) =>
        rpc.notify('chat/toolCallReject', {
          chatId,
          toolCallId,
          ...(options.optionId === undefined ? {} : { optionId: options.optionId }),
        }),
      );
    },
  };
};

/** The open thread's chat; the same empty object when none is open, so selectors stay stable. */
export function selectOpenChat(state: BatonState): ThreadChat {
  const threadId = state.selectedThreadId;
  return (threadId && state.chats.get(threadId)) || EMPTY_THREAD_CHAT;
}

/**
 * Whether Stop shows and Esc stops a turn: the open thread's running one, or the one a first Send
 * is creating (until its thread is open with its record loaded).
 */
export function selectTurnActive(state: BatonState): boolean {
  const creating = state.newThreadPrompt;
  if (creating && (state.selectedThreadId === null || (state.selectedThreadId === creating.threadId && !selectOpenChat(state).loaded)))
    return true;
  return selectOpenChat(state).turnRunning;
}

/** The error the chat pane shows: a failed action, else the open thread's failed turn. */
export function selectTurnError(state: BatonState): string | null {
  return state.lastError ?? selectOpenChat(state).turnError;
}
