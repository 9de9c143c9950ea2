/**
 * Which entries of a thread can still change. A streamed piece changes the last entry, or a tool
 * call or thought still under way (found by its id); every other entry is final. So the relay keeps
 * only a thread's tail in memory, from the first entry that can still change, and a tab's first page
 * reaches back to it (a live event always finds its entry).
 */
import type { ThreadEntry } from '../protocol/thread-model';
import { isOpenToolCall } from './apply-chat-content';

/** A tool call or a thought still under way. */
export function canStillChange(entry: ThreadEntry): boolean {
  return (entry.type === 'toolCall' && isOpenToolCall(entry)) || (entry.type === 'reasoning' && entry.status === 'thinking');
}

/** The position of the first entry that can still change; -1 when none can. */
export function firstLiveIndex(entries: readonly ThreadEntry[]): number {
  return entries.findIndex(canStillChange);
}
