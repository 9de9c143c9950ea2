/**
 * A thread's entries as a tab holds them: the loaded part of the thread (older pages arrive as the
 * reader scrolls up to them, newer ones as they scroll down in a window opened at an entry), kept so that folding a streamed piece costs the same at any length.
 *
 * A piece can change only the last entries: those sit in `recent`, the one array copied per piece
 * (at most 2 × RECENT_SPAN long). The older entries sit in `settled`, shared between versions and
 * copied only when entries move into it (once per RECENT_SPAN new entries) or when one of them
 * changes (rare: a content for a tool call or thought that many entries have followed since).
 * Entry objects that did not change keep their identity, so a view of one entry re-renders only
 * when that entry changed.
 */
import type { ThreadEntry } from '../lib/protocol/thread-model';
import type { ChatContent, ChatRole } from '../lib/protocol/eca-chat';
import { applyChatContent } from '../lib/thread/apply-chat-content';

const RECENT_SPAN = 32;

/**
 * The most entries a tab holds of one thread away from its end: an older page added beyond it
 * drops as many of the newest, a newer page as many of the oldest (the list shifts its measured
 * sizes and its scroll position by what went above, see ../components/chat/chat-entries.tsx).
 * Every page put in front costs the list component a pass over each entry it has measured (its
 * size ranges are rebuilt), and the store a copy of the entries held: bounded, a page costs the
 * same at any depth of a thread of any length. Ten pages: many screens each way of the view.
 */
export const MAX_HELD_ENTRIES = 1_000;

export interface EntryList {
  /** Position in the thread of the first entry held; above 0, older ones can be fetched. */
  readonly firstIndex: number;
  readonly settled: readonly ThreadEntry[];
  readonly recent: readonly ThreadEntry[];
  /** The tool calls and thoughts in `settled`, by `targetKey`: whether a content changes one of them. */
  readonly settledTargets: ReadonlySet<string>;
  /**
   * False for a window in the middle of the thread (opened at a linked or found entry): the thread
   * goes on after its last entry, so a streamed piece, which belongs at the thread's end, is not
   * folded into it. Newer pages extend it until it reaches the end again.
   */
  readonly reachesEnd: boolean;
}

export function entryListOf(entries: readonly ThreadEntry[], firstIndex = 0, reachesEnd = true): EntryList {
  const split = Math.max(0, entries.length - RECENT_SPAN);
  const settled = entries.slice(0, split);
  return { firstIndex, settled, recent: entries.slice(split), settledTargets: targetsOf(settled, new Set()), reachesEnd };
}

export const EMPTY_ENTRY_LIST: EntryList = entryListOf([]);

export function entryCount(list: EntryList): number {
  return list.settled.length + list.recent.length;
}

/** The entry at `index`, a position in the thread; undefined outside what is loaded. */
export function entryAt(list: EntryList, index: number): ThreadEntry | undefined {
  const offset = index - list.firstIndex;
  if (offset < 0) return undefined;
  return offset < list.settled.length ? list.settled[offset] : list.recent[offset - list.settled.length];
}

/** Every loaded entry as one array: for tests and whole-thread work, never per piece. */
export function entriesOf(list: EntryList): ThreadEntry[] {
  return [...list.settled, ...list.recent];
}

/** Older entries that end where the list starts (`firstIndex` is where they start). */
export function withOlderEntries(list: EntryList, older: readonly ThreadEntry[], firstIndex: number): EntryList {
  if (older.length === 0 && firstIndex === list.firstIndex) return list;
  return {
    firstIndex,
    settled: [...older, ...list.settled],
    recent: list.recent,
    settledTargets: targetsOf(older, new Set(list.settledTargets)),
    reachesEnd: list.reachesEnd,
  };
}

/** At most the first `max` entries (the reader went up): the newest go, and the list no longer reaches the end. */
export function withoutNewest(list: EntryList, max: number): EntryList {
  if (entryCount(list) <= max) return list;
  return entryListOf(entriesOf(list).slice(0, max), list.firstIndex, false);
}

/** At most the last `max` entries (the reader went down): the oldest go, and the list starts later. */
export function withoutOldest(list: EntryList, max: number): EntryList {
  const dropped = entryCount(list) - max;
  if (dropped <= 0) return list;
  return entryListOf(entriesOf(list).slice(dropped), list.firstIndex + dropped, list.reachesEnd);
}

/** The index just after the last entry held: where a page of newer entries starts. */
export function entryEnd(list: EntryList): number {
  return list.firstIndex + entryCount(list);
}

/** Newer entries that start where a window ends; `reachesEnd`: they are the thread's last. */
export function withNewerEntries(list: EntryList, newer: readonly ThreadEntry[], reachesEnd: boolean): EntryList {
  if (newer.length === 0 && reachesEnd === list.reachesEnd) return list;
  return settle({ ...list, recent: [...list.recent, ...newer], reachesEnd });
}

/** One `chat/contentReceived` folded in; the same list when nothing changed. */
export function foldEntries(list: EntryList, role: ChatRole, content: ChatContent): EntryList {
  if (!list.reachesEnd) return list;
  const target = targetKey(content);
  if (target !== undefined && list.settledTargets.has(target)) {
    return mapEntries(list, (entries) => applyChatContent(entries, role, content));
  }
  const recent = applyChatContent(list.recent, role, content);
  return recent === list.recent ? list : settle({ ...list, recent });
}

/** A change to the whole list (the end of a turn): costs its length, so never per piece. */
export function mapEntries(list: EntryList, update: (entries: readonly ThreadEntry[]) => readonly ThreadEntry[]): EntryList {
  const before = entriesOf(list);
  const after = update(before);
  if (after.length === before.length && after.every((entry, index) => entry === before[index])) return list;
  return entryListOf(after, list.firstIndex, list.reachesEnd);
}

/** Moves all but the last RECENT_SPAN entries of a long `recent` into `settled`. */
function settle(list: EntryList): EntryList {
  if (list.recent.length <= 2 * RECENT_SPAN) return list;
  const split = list.recent.length - RECENT_SPAN;
  const moved = list.recent.slice(0, split);
  return {
    firstIndex: list.firstIndex,
    settled: [...list.settled, ...moved],
    recent: list.recent.slice(split),
    settledTargets: targetsOf(moved, new Set(list.settledTargets)),
    reachesEnd: list.reachesEnd,
  };
}

/** Tool calls and thoughts are the entries a content finds by id; the others change only at the end. */
function targetsOf(entries: readonly ThreadEntry[], into: Set<string>): Set<string> {
  for (const entry of entries) {
    if (entry.type === 'toolCall') into.add(`toolCall:${entry.id}`);
    else if (entry.type === 'reasoning') into.add(`reasoning:${entry.id}`);
  }
  return into;
}

function targetKey(content: ChatContent): string | undefined {
  switch (content.type) {
    case 'toolCallPrepare':
    case 'toolCallRun':
    case 'toolCallRunning':
    case 'toolCalled':
    case 'toolCallRejected':
      return `toolCall:${content.id}`;
    case 'reasonStarted':
    case 'reasonText':
    case 'reasonFinished':
      return `reasoning:${content.id}`;
    default:
      return undefined;
  }
}
