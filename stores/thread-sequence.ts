/**
 * Joins a thread's live events to its record exactly once and in order. Every recorded event
 * carries the thread's sequence number: one already folded is dropped, one ahead of a gap waits
 * until the gap is filled from the relay's database (getThreadEvents), so a reload, a dropped
 * connection or a relay restart neither repeats nor loses anything.
 */
import type { SequencedContentReceivedParams, ThreadEvent, ThreadSnapshot } from '../lib/protocol/thread-events';
import { entryListOf } from './entry-list';
import { foldChatContent, type ThreadChat } from './thread-chat';

export function receiveSequenced(chat: ThreadChat, params: SequencedContentReceivedParams): ThreadChat {
  const { seq } = params;
  if (seq === undefined) return foldChatContent(chat, params);
  if (seq <= chat.lastSeq) return chat;
  if (!chat.loaded || seq > chat.lastSeq + 1) return { ...chat, pending: new Map(chat.pending).set(seq, params) };
  return drainPending(foldChatContent({ ...chat, lastSeq: seq }, params));
}

/** True when events wait behind a missing one: the tab should ask for what it missed. */
export function hasGap(chat: ThreadChat): boolean {
  return chat.loaded && chat.pending.size > 0 && !chat.pending.has(chat.lastSeq + 1);
}

/** The relay's record of a thread (first open): it replaces what the tab had. */
export function loadSnapshot(chat: ThreadChat, snapshot: ThreadSnapshot): ThreadChat {
  return drainPending({
    ...chat,
    entries: entryListOf(snapshot.entries, snapshot.firstIndex ?? 0),
    // The usage the thread last reported is kept in its entries, so a reopened thread shows it.
    usage: lastReportedUsage(snapshot.entries) ?? chat.usage,
    lastSeq: snapshot.lastSeq,
    turnRunning: snapshot.turnRunning,
    loaded: true,
  });
}

/**
 * The events after this tab's lastSeq, from the database. `turnRunning` is the relay's answer as
 * of the last of them; events that arrived live meanwhile come after it and fold on top.
 */
export function applyCatchUp(chat: ThreadChat, catchUp: { events: readonly ThreadEvent[]; turnRunning: boolean }): ThreadChat {
  let next = chat;
  for (const event of catchUp.events) {
    if (event.seq !== next.lastSeq + 1) continue;
    next = foldChatContent({ ...next, lastSeq: event.seq }, { chatId: '', ...event });
  }
  return drainPending({ ...next, turnRunning: catchUp.turnRunning, loaded: true });
}

function lastReportedUsage(entries: ThreadSnapshot['entries']): ThreadChat['usage'] {
  for (let index = entries.length - 1; index >= 0; index -= 1) {
    const entry = entries[index];
    if (entry?.type === 'turnSummary' && entry.usage) return entry.usage;
  }
  return null;
}

function drainPending(chat: ThreadChat): ThreadChat {
  // The usual case while streaming: nothing waits, and nothing is copied.
  if (chat.pending.size === 0) return chat;
  let next = chat;
  const pending = new Map(chat.pending);
  for (const seq of pending.keys()) if (seq <= next.lastSeq) pending.delete(seq);
  for (let following = pending.get(next.lastSeq + 1); following; following = pending.get(next.lastSeq + 1)) {
    pending.delete(next.lastSeq + 1);
    next = foldChatContent({ ...next, lastSeq: next.lastSeq + 1 }, following);
  }
  return { ...next, pending };
}
