/**
 * Joins a thread's live events to its record exactly once and in order. Every recorded event
 * carries the thread's sequence number: one already folded is dropped, one ahead of a gap waits
 * until the gap is filled from the relay's database (getThreadEvents), so a reload, a dropped
 * connection or a relay restart neither repeats nor loses anything.
 */
import type { SequencedContentReceivedParams, ThreadEvent, ThreadSnapshot } from '../lib/protocol/thread-events';
import { entriesOf, entryListOf, MAX_HELD_ENTRIES, withNewerEntries, withoutNewest, withoutOldest } from './entry-list';
import { foldChatContent, type ThreadChat } from './thread-chat';

export function receiveSequenced(chat: ThreadChat, params: SequencedContentReceivedParams): ThreadChat {
  const { seq } = params;
  if (seq === undefined) return foldChatContent(chat, params);
  if (seq <= chat.lastSeq) return chat;
  if (!chat.loaded || chat.awaitingPage) return { ...chat, pending: new Map(chat.pending).set(seq, params) };
  if (!chat.entries.reachesEnd) return passedByWindow(chat, params);
  if (seq > chat.lastSeq + 1) return { ...chat, pending: new Map(chat.pending).set(seq, params) };
  return drainPending(foldChatContent({ ...chat, lastSeq: seq }, params));
}

/**
 * A live event while the tab holds a window in the middle of the thread: it belongs after the
 * window's newer edge, so only the turn's state takes it (running, usage, a rewind cutting into the
 * window). Nothing is kept: the newer pages that reach the end carry it. Costs the same per event.
 */
function passedByWindow(chat: ThreadChat, params: SequencedContentReceivedParams): ThreadChat {
  const next = foldChatContent(chat, params);
  return next.windowStale ? next : { ...next, windowStale: true };
}

/** True when events wait behind a missing one: the tab should ask for what it missed. */
export function hasGap(chat: ThreadChat): boolean {
  return chat.loaded && !chat.awaitingPage && chat.entries.reachesEnd && chat.pending.size > 0 && !chat.pending.has(chat.lastSeq + 1);
}

/**
 * The relay's record of a thread (first open, or a jump): it replaces what the tab had. With
 * `reachesEnd` false it is a window in the middle: the events that waited for it are dropped
 * (the newer pages carry them).
 */
export function loadSnapshot(chat: ThreadChat, snapshot: ThreadSnapshot, reachesEnd = true): ThreadChat {
  const loaded: ThreadChat = {
    ...chat,
    entries: entryListOf(snapshot.entries, snapshot.firstIndex ?? 0, reachesEnd),
    // The thread's own usage, as the store records it, whichever part of the thread the page holds;
    // a relay without the record leaves the newest page's turn summaries to say it.
    usage: snapshot.usage ?? (reachesEnd ? lastReportedUsage(snapshot.entries) : null) ?? chat.usage,
    lastSeq: snapshot.lastSeq,
    turnRunning: snapshot.turnRunning,
    loaded: true,
    awaitingPage: false,
    windowStale: !reachesEnd && snapshot.turnRunning,
  };
  return reachesEnd ? drainPending(loaded) : passPendingBy(loaded);
}

/**
 * The events that waited for a window and come after it: the turn's state takes them as it takes
 * live ones (passedByWindow), so a usage report or a turn's end that raced the page is not lost.
 */
function passPendingBy(chat: ThreadChat): ThreadChat {
  let next: ThreadChat = { ...chat, pending: new Map() };
  const after = [...chat.pending.values()].filter((params) => params.seq !== undefined && params.seq > chat.lastSeq);
  for (const params of after.sort((first, second) => first.seq! - second.seq!)) next = passedByWindow(next, params);
  return next;
}

/**
 * A page of newer entries that starts where the window ends; as many of the oldest as go beyond
 * the bound go (older pages bring them back as the reader scrolls up). The one that reaches the
 * end joins the window to the live thread: its `lastSeq` is where live events take over (those
 * that waited for it and come after fold on top).
 */
export function withNewerPage(chat: ThreadChat, page: ThreadSnapshot, reachesEnd: boolean, max = MAX_HELD_ENTRIES): ThreadChat {
  const entries = withoutOldest(withNewerEntries(chat.entries, page.entries, reachesEnd), max);
  if (!reachesEnd) return { ...chat, entries, awaitingPage: false, pending: new Map() };
  return drainPending({ ...chat, entries, lastSeq: page.lastSeq, turnRunning: page.turnRunning, awaitingPage: false, windowStale: false });
}

/**
 * The thread's newest entries read again (with any still changing before them) to join a window
 * that may hold stale entries to the end: they replace the window's entries from where they start.
 * The caller asks for enough of them to reach back into the window.
 */
export function withFreshTail(chat: ThreadChat, tail: ThreadSnapshot): ThreadChat {
  const held = chat.entries;
  const tailFirst = tail.firstIndex ?? 0;
  const kept = entriesOf(held).slice(0, Math.max(0, tailFirst - held.firstIndex));
  const firstIndex = Math.min(held.firstIndex, tailFirst);
  return drainPending({
    ...chat,
    entries: withoutOldest(entryListOf([...kept, ...tail.entries], firstIndex), MAX_HELD_ENTRIES),
    lastSeq: tail.lastSeq,
    turnRunning: tail.turnRunning,
    awaitingPage: false,
    windowStale: false,
  });
}

/**
 * After a page of older entries: the newest beyond the bound go. Cut off from the end, the entries
 * take no live event from here (passedByWindow), and those still changing in a running turn are
 * read again when the newer pages reach the end (windowStale): nothing streamed meanwhile is lost.
 */
export function withNewestDropped(chat: ThreadChat, max = MAX_HELD_ENTRIES): ThreadChat {
  const entries = withoutNewest(chat.entries, max);
  if (entries === chat.entries) return chat;
  return { ...chat, entries, windowStale: chat.windowStale || chat.turnRunning };
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
