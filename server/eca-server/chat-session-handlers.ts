/**
 * The methods by which an editor finds its chats again and names and marks them (the current ECA
 * protocol's `chat/list`, `chat/open`, `chat/update`, `chat/addFlag`, `chat/removeFlag`;
 * lib/protocol/eca/chat-session-methods.ts), all from Baton's thread store: a chat survives a
 * restart of the server because it is a stored thread. Also the requests Baton does not carry out
 * (lib/protocol/eca/unsupported-methods.ts), each answered with what is not supported and why.
 */
import { unsupportedEcaRequests, type UnsupportedEcaRequest } from '../../lib/protocol/eca/unsupported-methods';
import type { EcaBackend } from './eca-backend';
import { knownThread, replay, type EcaNotify } from './chat-history-handlers';
import { userMessageEntry } from './chat-history';
import { invalidParams, requestFailed } from './eca-server-errors';
import type { EcaServing } from './eca-serving';

/** Said whenever an editor asks to trust a chat: what Baton does instead. */
export const TRUST_REFUSED =
  "Baton does not trust a chat as a whole: its approval rules (config.json in Baton's data folder) decide each tool call, and a call they ask about is still asked about.";

export function registerChatSessionHandlers(serve: EcaServing, notify: EcaNotify, log: (message: string) => void): void {
  serve.request('chat/list', async (params, { hub, chats }) => {
    const { threads } = await hub.listThreads(params?.limit === undefined ? undefined : { limit: params.limit });
    return {
      chats: threads.map((thread) => ({ id: chats.chatOf(thread.id), title: thread.title, updatedAt: Date.parse(thread.modifiedAt) })),
    };
  });

  // The editor shows the chat afresh: announced, emptied, then its history as a live turn sends it.
  serve.request('chat/open', async ({ chatId }, backend) => {
    await backend.chats.inOrder(chatId, () => Promise.resolve());
    const threadId = await knownThread(backend, chatId);
    const title = await titleOf(backend, threadId);
    notify('chat/opened', { chatId, title });
    notify('chat/cleared', { chatId, messages: true });
    replay(notify, chatId, threadId, await backend.store.getEventsAfter(threadId, 0));
    log(`chat ${chatId} opened from thread ${threadId}`);
    return { found: true as const, chatId, title };
  });

  serve.request('chat/update', async ({ chatId, title, trust }, backend) => {
    await backend.chats.inOrder(chatId, () => Promise.resolve());
    const threadId = await knownThread(backend, chatId);
    if (title !== undefined) await backend.store.renameThread(threadId, title);
    const result = { chatId, title: await titleOf(backend, threadId), trust: false };
    if (trust !== true) return result;
    notify('$/showMessage', { type: 'warning', message: TRUST_REFUSED });
    return { ...result, trustRefused: TRUST_REFUSED };
  });

  serve.request('chat/addFlag', async ({ chatId, contentId, text }, backend) => {
    await backend.chats.inOrder(chatId, () => Promise.resolve());
    const threadId = await knownThread(backend, chatId);
    // Only a user message carries a content id (eca-contents.ts); this throws for anything else.
    await userMessageEntry(backend.hub, backend.store, threadId, contentId);
    const flagId = backend.chats.flags.add({ chatId, messageContentId: contentId, text });
    return { chatId, contentId: flagId, text };
  });

  serve.request('chat/removeFlag', async ({ chatId, contentId }, { chats }) => {
    if (!chats.flags.remove(chatId, contentId)) throw invalidParams(`The chat ${chatId} has no flag ${contentId}.`);
    return {};
  });

  for (const method of Object.keys(unsupportedEcaRequests) as UnsupportedEcaRequest[]) {
    serve.request(method, () => Promise.reject(requestFailed(`${method} is not supported by Baton. ${unsupportedEcaRequests[method]}`)));
  }
}

async function titleOf(backend: EcaBackend, threadId: string): Promise<string> {
  const record = await backend.store.getThread(threadId);
  if (!record) throw invalidParams(`There is no chat behind thread ${threadId}.`);
  return record.title;
}
