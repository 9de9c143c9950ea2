/**
 * The methods that change what a chat holds: `chat/delete` (v1, v2), and the current protocol's
 * `chat/clear`, `chat/rollback` and `chat/fork`, with the notifications today's editors expect
 * after them (`chat/deleted`, `chat/cleared`, `chat/opened`). See chat-history.ts for how a
 * history is cut without rewriting a thread.
 */
import type { EcaProtocol } from '../../lib/protocol/eca/eca-protocol';
import type { ThreadEvent } from '../../lib/protocol/thread-events';
import type { NotificationMethod, NotificationParams } from '../../lib/rpc/protocol-definition';
import { UnknownThreadError } from '../hub/thread-hub';
import type { EcaBackend } from './eca-backend';
import { EcaContentTranslator } from './eca-contents';
import { copyIntoNewThread, locateUserMessage, throughTurnEnd } from './chat-history';
import { invalidParams, requestFailed } from './eca-server-errors';
import type { EcaServing } from './eca-serving';

export type EcaNotify = <N extends NotificationMethod<EcaProtocol>>(method: N, params: NotificationParams<EcaProtocol, N>) => void;

/** Each starts after what the editor sent to the chat before it (a prompt still being stored, say). */
export function registerChatHistoryHandlers(serve: EcaServing, notify: EcaNotify, log: (message: string) => void): void {
  // "removing all previous messages": the thread and its history go; an absent chatId names no chat.
  serve.request('chat/delete', async ({ chatId }, { hub, chats }) => {
    if (chatId === undefined) return {};
    await chats.inOrder(chatId, () => Promise.resolve());
    const threadId = await chats.threadOf(chatId);
    if (threadId !== undefined) await deleteQuietly(hub, threadId);
    chats.forget(chatId, threadId);
    notify('chat/deleted', { chatId });
    return {};
  });

  // The chat stays (its id, its title); what it said goes. The next prompt starts afresh.
  serve.request('chat/clear', async ({ chatId, messages }, backend) => {
    if (messages === false) return {};
    await backend.chats.inOrder(chatId, () => Promise.resolve());
    const threadId = await backend.chats.threadOf(chatId);
    if (threadId !== undefined) {
      const { threadId: fresh } = await copyIntoNewThread(backend.store, await threadRecord(backend, threadId), []);
      await replaceThread(backend, chatId, threadId, fresh);
    }
    notify('chat/cleared', { chatId, messages: true });
    return {};
  });

  serve.request('chat/rollback', async ({ chatId, contentId, include }, backend) => {
    await backend.chats.inOrder(chatId, () => Promise.resolve());
    const threadId = await knownThread(backend, chatId);
    if (await backend.hub.isRunning(threadId)) throw requestFailed('A turn is running in this chat; stop it before rolling back.');
    const { events, index } = await locateUserMessage(backend.store, threadId, contentId);
    const what = include === undefined || include.length === 0 ? ['messages', 'tools'] : include;
    if (what.includes('tools')) {
      notify('$/showMessage', { type: 'warning', message: 'Baton does not undo the file changes of tool calls; only the messages were rolled back.' });
    }
    if (!what.includes('messages')) return {};
    const kept = events.slice(0, index);
    const copy = await copyIntoNewThread(backend.store, await threadRecord(backend, threadId), kept);
    await replaceThread(backend, chatId, threadId, copy.threadId);
    notify('chat/cleared', { chatId, messages: true });
    replay(notify, chatId, copy.threadId, copy.events);
    return {};
  });

  // The new chat holds the message and its answer; the editor learns of it from chat/opened.
  serve.request('chat/fork', async ({ chatId, contentId }, backend) => {
    await backend.chats.inOrder(chatId, () => Promise.resolve());
    const threadId = await knownThread(backend, chatId);
    const { events, index } = await locateUserMessage(backend.store, threadId, contentId);
    const kept = throughTurnEnd(events, index);
    if (kept === undefined) throw requestFailed('The answer to that message is still coming; fork once the turn has ended.');
    const source = await threadRecord(backend, threadId);
    const title = `${source.title} (fork)`;
    const copy = await copyIntoNewThread(backend.store, { ...source, title }, kept, [{ role: 'system', content: { type: 'metadata', title } }]);
    log(`chat ${chatId} forked at ${contentId} into ${copy.threadId}`);
    notify('chat/opened', { chatId: copy.threadId, title });
    replay(notify, copy.threadId, copy.threadId, copy.events);
    notify('chat/contentReceived', { chatId, role: 'system', content: { type: 'text', text: `\nChat forked to: ${title}\n` } });
    return {};
  });
}

async function knownThread(backend: EcaBackend, chatId: string): Promise<string> {
  const threadId = await backend.chats.threadOf(chatId);
  if (threadId === undefined) throw invalidParams(`There is no chat ${chatId}.`);
  return threadId;
}

async function threadRecord(backend: EcaBackend, threadId: string): Promise<{ title: string; agent: string }> {
  const record = await backend.store.getThread(threadId);
  if (!record) throw new UnknownThreadError(threadId);
  return record;
}

/** `fresh` stands behind `chatId` from now on; the thread it replaces (its turn stopped first) is deleted. */
async function replaceThread(backend: EcaBackend, chatId: string, old: string, fresh: string): Promise<void> {
  await deleteQuietly(backend.hub, old);
  backend.chats.bind(chatId, fresh);
}

/** A thread already gone (deleted by the browser, say) is what deleting wanted anyway. */
async function deleteQuietly(hub: EcaBackend['hub'], threadId: string): Promise<void> {
  try {
    await hub.deleteThread(threadId);
  } catch (error) {
    if (!(error instanceof UnknownThreadError)) throw error;
  }
}

/** The kept contents, as the editor gets them live, but no progress (no turn runs). */
function replay(notify: EcaNotify, chatId: string, threadId: string, events: readonly ThreadEvent[]): void {
  const translator = new EcaContentTranslator();
  for (const { seq, role, content } of events) {
    if (content.type === 'progress') continue;
    const notification = translator.toEca({ chatId: threadId, role, content, seq }, chatId);
    if (notification) notify('chat/contentReceived', notification);
  }
}
