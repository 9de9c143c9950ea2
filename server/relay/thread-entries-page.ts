/**
 * getThreadEntries, whole or a page at a time (Baton's paging, lib/protocol/thread-events.ts): a
 * tab opens a long thread at its end and fetches older entries as the reader scrolls up to them.
 */
import type { ThreadEntry } from '../../lib/protocol/acp-threads';
import type { GetThreadEntriesParams, ThreadSnapshot } from '../../lib/protocol/thread-events';
import { isOpenToolCall } from '../../lib/thread/apply-chat-content';
import type { ThreadHub } from '../hub/thread-hub';
import type { ThreadStore } from '../store/thread-store';

export async function getThreadEntries(hub: ThreadHub, store: ThreadStore, params: GetThreadEntriesParams): Promise<ThreadSnapshot> {
  // The live view first: where the entries stand (lastSeq) and whether a turn runs.
  const snapshot = await hub.getSnapshot(params.threadId);
  if (params.limit === undefined) return snapshot;
  if (params.after !== undefined) {
    // Entries after a position, from the live view: the newest of them may still be changing.
    const firstIndex = Math.min(params.after + 1, snapshot.entries.length);
    return { ...snapshot, entries: snapshot.entries.slice(firstIndex, firstIndex + params.limit), firstIndex };
  }
  if (params.before === undefined) return { ...snapshot, ...lastPage(snapshot.entries, params.limit) };
  // Older entries no longer change: the store's indexed read serves them.
  return { ...snapshot, ...(await store.getEntriesPage(params.threadId, { before: params.before, limit: params.limit })) };
}

/**
 * The last `limit` entries, reaching further back to the first entry that can still change (a
 * tool call or a thought still under way): a live event always finds its entry in the tab.
 */
export function lastPage(entries: readonly ThreadEntry[], limit: number): { entries: ThreadEntry[]; firstIndex: number } {
  let firstIndex = Math.max(0, entries.length - limit);
  for (let index = 0; index < firstIndex; index++) {
    if (canStillChange(entries[index]!)) {
      firstIndex = index;
      break;
    }
  }
  return { entries: entries.slice(firstIndex), firstIndex };
}

function canStillChange(entry: ThreadEntry): boolean {
  return (entry.type === 'toolCall' && isOpenToolCall(entry)) || (entry.type === 'reasoning' && entry.status === 'thinking');
}
