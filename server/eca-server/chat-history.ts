/**
 * What `chat/rollback` and `chat/fork` do to a chat's history (the current ECA protocol, "Chat
 * rollback", "Chat fork"). A thread's history is never rewritten: the kept part of it is copied,
 * event by event, into a new thread (through the hub's own recorder, so entries and events are
 * folded exactly as they were), which then stands behind the chat (rollback) or is a new chat
 * (fork). The editor is then sent the kept contents again.
 */
import type { ChatRole } from '../../lib/protocol/eca-chat';
import type { ThreadEvent } from '../../lib/protocol/thread-events';
import { ThreadRecorder } from '../hub/thread-recorder';
import type { ThreadStore } from '../store/thread-store';
import { parseContentId } from './eca-contents';
import { invalidParams } from './eca-server-errors';

export interface CopiedThread {
  threadId: string;
  events: ThreadEvent[];
}

/** The events of `threadId` and the position of the user message `contentId` names among them. */
export async function locateUserMessage(
  store: ThreadStore,
  threadId: string,
  contentId: string,
): Promise<{ events: ThreadEvent[]; index: number }> {
  const named = parseContentId(contentId);
  const events = named?.threadId === threadId ? await store.getEventsAfter(threadId, 0) : [];
  const index = events.findIndex((event) => event.seq === named?.seq);
  const event = events[index];
  if (!event || event.role !== 'user' || event.content.type !== 'text') {
    throw invalidParams(`The chat has no user message ${contentId} (it may have been rolled back already).`);
  }
  return { events, index };
}

/**
 * The events of the turn the user message at `index` started, through its `progress finished`;
 * undefined while that turn still runs.
 */
export function throughTurnEnd(events: readonly ThreadEvent[], index: number): ThreadEvent[] | undefined {
  for (let end = index + 1; end < events.length; end++) {
    const { content } = events[end]!;
    if (content.type === 'progress' && content.state === 'finished') return events.slice(0, end + 1);
  }
  return undefined;
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
