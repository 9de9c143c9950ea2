/**
 * ECA chats and the Baton threads behind them. A chat Baton started (a `chat/prompt` without a
 * `chatId`) has its thread's id as its id. Real editors make the id up themselves (a UUID per chat
 * buffer) and keep it after `chat/delete`: an id no chat has gets a new thread, bound to that id.
 * `chat/clear` and `chat/rollback` put a new thread behind the same chat (the history a thread
 * holds is never rewritten), so the binding can change while the editor's id stays.
 *
 * Also kept per chat: the behaviour and model the editor selected, and the prompts that came
 * while the chat's turn ran (taken in order once it ends: an editor is never answered with an
 * error for a well-formed prompt).
 */
import type { ThreadStore } from '../store/thread-store';
import type { PromptOptions } from '../hub/thread-session';
import { EcaFlags } from './eca-flags';

export interface QueuedPrompt {
  message: string;
  options: PromptOptions;
}

/** What the editor selected, for prompts that do not say. */
export interface ChatSelection {
  behavior?: string;
  model?: string;
}

export class EcaChats {
  private readonly threadOfChat = new Map<string, string>();
  private readonly chatOfThread = new Map<string, string>();
  private readonly selections = new Map<string, ChatSelection>();
  private readonly queued = new Map<string, QueuedPrompt[]>();
  /** Per chat id, the end of the last operation on it: each waits for the one before (`inOrder`). */
  private readonly lastOperation = new Map<string, Promise<unknown>>();
  /** The selection of every chat without one of its own (the editor's session-wide choice). */
  readonly everyChat: ChatSelection = {};
  /** The editor's flags, by chat (`chat/addFlag`). */
  readonly flags = new EcaFlags();

  constructor(private readonly store: Pick<ThreadStore, 'getThread'>) {}

  /** The thread behind `chatId`, or undefined when the chat has none (yet, or any more). */
  async threadOf(chatId: string): Promise<string | undefined> {
    const bound = this.threadOfChat.get(chatId);
    if (bound !== undefined) return bound;
    return (await this.store.getThread(chatId)) ? chatId : undefined;
  }

  /** The chat id an editor knows a thread by. */
  chatOf(threadId: string): string {
    return this.chatOfThread.get(threadId) ?? threadId;
  }

  /** From now on `chatId` is `threadId`'s chat; the thread it had before is no longer its. */
  bind(chatId: string, threadId: string): void {
    const before = this.threadOfChat.get(chatId);
    if (before !== undefined) this.chatOfThread.delete(before);
    this.queued.delete(before ?? chatId);
    if (chatId === threadId) {
      this.threadOfChat.delete(chatId);
      return;
    }
    this.threadOfChat.set(chatId, threadId);
    this.chatOfThread.set(threadId, chatId);
  }

  /** The chat is gone: its id names no chat until a prompt makes one again. */
  forget(chatId: string, threadId: string | undefined): void {
    this.threadOfChat.delete(chatId);
    if (threadId !== undefined) {
      this.chatOfThread.delete(threadId);
      this.queued.delete(threadId);
    }
    this.selections.delete(chatId);
    this.flags.forgetChat(chatId);
  }

  /** What a prompt of `chatId` uses when it names neither a behaviour nor a model. */
  selectionOf(chatId: string | undefined): ChatSelection {
    const own = chatId === undefined ? undefined : this.selections.get(chatId);
    return { behavior: own?.behavior ?? this.everyChat.behavior, model: own?.model ?? this.everyChat.model };
  }

  /** `chat/selectedAgentChanged` and `chat/selectedModelChanged`: for one chat, or (no id) for all. */
  select(chatId: string | undefined, choice: ChatSelection): void {
    const target = chatId === undefined ? this.everyChat : (this.selections.get(chatId) ?? {});
    if (choice.behavior !== undefined) target.behavior = choice.behavior;
    if (choice.model !== undefined) target.model = choice.model;
    if (chatId !== undefined) this.selections.set(chatId, target);
  }

  /**
   * Runs `operation` once every earlier operation on `chatId` has ended, so a chat's messages take
   * effect in the order the editor sent them: a Stop sent right after a prompt stops that prompt's
   * turn, though the prompt was still being stored when the Stop arrived.
   */
  inOrder<T>(chatId: string, operation: () => Promise<T>): Promise<T> {
    const before = this.lastOperation.get(chatId) ?? Promise.resolve();
    const result = before.then(operation);
    const settled = result.then(
      () => undefined,
      () => undefined,
    );
    this.lastOperation.set(chatId, settled);
    void settled.then(() => {
      if (this.lastOperation.get(chatId) === settled) this.lastOperation.delete(chatId);
    });
    return result;
  }

  enqueue(threadId: string, prompt: QueuedPrompt): void {
    const waiting = this.queued.get(threadId) ?? [];
    waiting.push(prompt);
    this.queued.set(threadId, waiting);
  }

  /** The next prompt waiting for `threadId`'s turn to end, taken off the queue. */
  dequeue(threadId: string): QueuedPrompt | undefined {
    const waiting = this.queued.get(threadId);
    const next = waiting?.shift();
    if (waiting?.length === 0) this.queued.delete(threadId);
    return next;
  }
}
