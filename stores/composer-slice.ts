/**
 * What the next prompt goes out with besides its text: the model, the behavior (agent or plan) and
 * the contexts the user picked with `@`; and the look-ups behind `@` and `/` completion
 * (specs/eca-protocol-v2.md, "Chat Prompt", "Chat Query Context", "Chat Query Commands",
 * "Chat selected behavior changed").
 */
import type { ChatBehavior, ChatContext } from '../lib/protocol/eca-chat';
import type { ChatCommand } from '../lib/protocol/eca/chat-methods';
import { errorMessage } from './baton-rpc';
import type { BatonSliceCreator } from './baton-state';
import { chatContextKey } from './chat-context-key';

export interface ComposerSlice {
  /** The model the next prompt asks for; null until the relay offers one. */
  selectedModel: string | null;
  selectedBehavior: ChatBehavior | null;
  /** The contexts chosen for the next prompt, shown as chips; emptied once a prompt is sent. */
  promptContexts: readonly ChatContext[];
  selectModel(model: string): void;
  /** Also tells the relay, which may change what it offers (plan offers read-only tools). */
  selectBehavior(behavior: ChatBehavior): void;
  addPromptContext(context: ChatContext): void;
  removePromptContext(context: ChatContext): void;
  /** The contexts matching the text after `@`, less those already chosen. */
  queryContexts(query: string): Promise<readonly ChatContext[]>;
  /** The commands matching the text after a leading `/`. */
  queryCommands(query: string): Promise<readonly ChatCommand[]>;
}

export const createComposerSlice: BatonSliceCreator<ComposerSlice> = (rpc) => (set, get) => {
  /** The open chat; with none, the agent a new thread goes to, so its menus are that agent's. */
  const openChatId = () => {
    const { selectedThreadId: chatId, newThreadAgent: agent } = get();
    if (chatId) return { chatId };
    return agent ? { baton: { agent } } : {};
  };

  return {
    selectedModel: null,
    selectedBehavior: null,
    promptContexts: [],

    selectModel(model) {
      set({ selectedModel: model });
    },

    selectBehavior(behavior) {
      if (get().selectedBehavior === behavior) return;
      set({ selectedBehavior: behavior });
      try {
        rpc.notify('chat/selectedBehaviorChanged', { behavior });
      } catch (error) {
        set({ lastError: errorMessage(error) });
      }
    },

    addPromptContext(context) {
      const key = chatContextKey(context);
      set((state) =>
        state.promptContexts.some((chosen) => chatContextKey(chosen) === key) ? {} : { promptContexts: [...state.promptContexts, context] },
      );
    },

    removePromptContext(context) {
      const key = chatContextKey(context);
      set((state) => ({ promptContexts: state.promptContexts.filter((chosen) => chatContextKey(chosen) !== key) }));
    },

    async queryContexts(query) {
      const chosen = get().promptContexts;
      const { contexts } = await rpc.request('chat/queryContext', { ...openChatId(), query, contexts: [...chosen] });
      const chosenKeys = new Set(chosen.map(chatContextKey));
      return contexts.filter((context) => !chosenKeys.has(chatContextKey(context)));
    },

    async queryCommands(query) {
      const { commands } = await rpc.request('chat/queryCommands', { ...openChatId(), query });
      return commands;
    },
  };
};

/**
 * The choice after a `config/updated`: the one the relay imposes (`selectModel`, `selectBehavior`:
 * "the client must switch"), else the user's if still offered, else the first offered.
 */
export function reconcileChoice<Choice extends string>(
  current: Choice | null,
  offered: readonly Choice[] | undefined,
  imposed: Choice | undefined,
): Choice | null {
  if (imposed !== undefined) return imposed;
  if (current !== null && (offered === undefined || offered.includes(current))) return current;
  return offered?.[0] ?? null;
}
