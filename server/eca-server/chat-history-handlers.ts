/**
 * The methods that change what a chat holds: `chat/delete` (v1, v2), and the current protocol's
 * `chat/clear`, `chat/rollback` and `chat/fork`, with the notifications today's editors expect
 * after them (`chat/deleted`, `chat/cleared`, `chat/opened`). Rollback and fork go through
 * Baton's own rewind and fork (server/rewind), so a rollback puts back the files too.
 */
import type { EcaProtocol } from '../../lib/protocol/eca/eca-protocol';
import type { ThreadEvent } from '../../lib/protocol/thread-events';
import type { NotificationMethod, NotificationParams } from '../../lib/protocol/protocol-definition';
import { UnknownThreadError } from '../hub/thread-hub';
import type { EcaBackend } from './eca-backend';
import { EcaContentTranslator } from './eca-contents';
import { forkThreadAt, rewindThreadTo } from '../rewind/thread-history-edits';
import { copyIntoNewThread, turnEnd, userMessageEntry } from './chat-history';
import { asEcaRpc, invalidParams, requestFailed } from './eca-server-errors';
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

  // The thread is rewound in place: the kept contents keep their ids, the removed ones name nothing.
  serve.request('chat/rollback', async ({ chatId, contentId, include }, backend) => {
    await backend.chats.inOrder(chatId, () => Promise.resolve());
    const threadId = await knownThread(backend, chatId);
    const { index } = await userMessageEntry(backend.hub, backend.store, threadId, contentId);
    const what = include === undefined || include.length === 0 ? ['messages', 'tools'] : include;
    if (!what.includes('messages')) {
      if (what.includes('tools'))
        notify('$/showMessage', {
          type: 'warning',
          message: 'Baton undoes file changes together with the messages that made them; nothing was rolled back.',
        });
      return {};
    }
    const result = await asEcaRpc(() => rewindThreadTo(backend, threadId, index, { restoreFiles: what.includes('tools') }));
    if (result.conflicts.length > 0) {
      const files = result.conflicts.map((conflict) => `${conflict.path}: ${conflict.reason}`).join('\n');
      notify('$/showMessage', { type: 'warning', message: `These files were left as they are:\n${files}` });
    }
    notify('chat/cleared', { chatId, messages: true });
    replay(notify, chatId, threadId, await backend.store.getEventsAfter(threadId, 0));
    return {};
  });

  // The new chat holds the message and its answer (a flag marks the end of such a turn, eca-flags.ts);
  // the editor learns of it from chat/opened.
  serve.request('chat/fork', async ({ chatId, contentId }, backend) => {
    await backend.chats.inOrder(chatId, () => Promise.resolve());
    const threadId = await knownThread(backend, chatId);
    const messageId = backend.chats.flags.find(chatId, contentId)?.messageContentId ?? contentId;
    const { index, entries } = await userMessageEntry(backend.hub, backend.store, threadId, messageId);
    if (await backend.hub.isRunning(threadId))
      throw requestFailed('The answer to that message is still coming; fork once the turn has ended.');
    const fork = await asEcaRpc(() => forkThreadAt(backend, threadId, turnEnd(entries, index)));
    log(`chat ${chatId} forked at ${contentId} into ${fork.id}`);
    notify('chat/opened', { chatId: fork.id, title: fork.title });
    replay(notify, fork.id, fork.id, await backend.store.getEventsAfter(fork.id, 0));
    notify('chat/contentReceived', { chatId, role: 'system', content: { type: 'text', text: `\nChat forked to: ${fork.title}\n` } });
    return {};
  });
}

export async function knownThread(backend: EcaBackend, chatId: string): Promise<string> {
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
export function replay(notify: EcaNotify, chatId: string, threadId: string, events: readonly ThreadEvent[]): void {
  const translator = new EcaContentTranslator();
  for (const { seq, role, content } of events) {
    if (content.type === 'progress') continue;
    const notification = translator.toEca({ chatId: threadId, role, content, seq }, chatId);
    if (notification) notify('chat/contentReceived', notification);
  }
}
