/**
 * Where `chat/rollback` and `chat/fork` (the current ECA protocol, "Chat rollback", "Chat fork")
 * cut a chat: both go through Baton's own rewind and fork (server/rewind), as the browser's do.
 * `chat/clear` copies nothing into a new thread that then stands behind the chat.
 */
import type { ChatRole } from '../../lib/protocol/eca-chat';
import type { ThreadEvent } from '../../lib/protocol/thread-events';
import type { ThreadEntry } from '../../lib/protocol/thread-model';
import type { ThreadHub } from '../hub/thread-hub';
import { ThreadRecorder } from '../hub/thread-recorder';
import { isUserMessage } from '../rewind/user-messages';
import type { ThreadStore } from '../store/thread-store';
import { parseContentId } from './eca-contents';
import { invalidParams } from './eca-server-errors';

export interface CopiedThread {
  threadId: string;
  events: ThreadEvent[];
}

/**
 * The entry of the user message `contentId` names (a content id is the thread and seq of its
 * event, eca-contents.ts), found by its place among the thread's user messages.
 */
export async function userMessageEntry(
  hub: ThreadHub,
  store: ThreadStore,
  threadId: string,
  contentId: string,
): Promise<{ index: number; entries: readonly ThreadEntry[] }> {
  const named = parseContentId(contentId);
  const missing = () => invalidParams(`The chat has no user message ${contentId} (it may have been rolled back already).`);
  if (named?.threadId !== threadId) throw missing();
  const ordinal = await store.history.userMessageOrdinal(threadId, named.seq);
  if ((await store.history.userMessageEventSeq(threadId, ordinal)) !== named.seq) throw missing();
  const entries = await hub.getEntries(threadId);
  let seen = 0;
  const index = entries.findIndex((entry) => isUserMessage(entry) && (seen += 1) === ordinal);
  if (index === -1) throw missing();
  return { index, entries };
}

/** The last entry of the turn the user message at `index` started: the one before the next user message. */
export function turnEnd(entries: readonly ThreadEntry[], index: number): number {
  const next = entries.findIndex((entry, position) => position > index && isUserMessage(entry));
  return (next === -1 ? entries.length : next) - 1;
}

/** A new thread (title, agent) holding `events`, in order, numbered from 1 as the source was (so a kept beginning keeps its seqs). */
export async function copyIntoNewThread(
  store: ThreadStore,
  source: { title: string; agent: string },
  events: readonly ThreadEvent[],
  extra: ReadonlyArray<{ role: ChatRole; content: ThreadEvent['content'] }> = [],
): Promise<CopiedThread> {
  const thread = await store.createThread(source.title, source.agent);
  const copied: ThreadEvent[] = [];
  const recorder = await ThreadRecorder.load(thread.id, store, ({ role, content, seq }) => {
    if (seq !== undefined) copied.push({ seq, role, content });
  });
  for (const { role, content } of [...events, ...extra]) await recorder.record(role, content);
  return { threadId: thread.id, events: copied };
}
