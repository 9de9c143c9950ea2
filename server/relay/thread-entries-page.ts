/**
 * getThreadEntries, whole or a page at a time (Baton's paging, lib/protocol/thread-events.ts): a
 * tab opens a long thread at its end and fetches older entries as the reader scrolls up to them.
 */
import type { GetThreadEntriesParams, ThreadSnapshot } from '../../lib/protocol/thread-events';
import type { ThreadHub } from '../hub/thread-hub';
import type { ThreadStore } from '../store/thread-store';

export async function getThreadEntries(hub: ThreadHub, store: ThreadStore, params: GetThreadEntriesParams): Promise<ThreadSnapshot> {
  if (params.limit === undefined) return hub.getSnapshot(params.threadId);
  if (params.after !== undefined) {
    // Entries after a position, from the whole live view: the newest of them may still be changing.
    const whole = await hub.getSnapshot(params.threadId);
    const firstIndex = Math.min(params.after + 1, whole.entries.length);
    return { ...whole, entries: whole.entries.slice(firstIndex, firstIndex + params.limit), firstIndex };
  }
  if (params.before === undefined) return hub.getSnapshot(params.threadId, { limit: params.limit });
  // The live view first: where the entries stand (lastSeq) and whether a turn runs. The smallest
  // page: the entries that can still change, which the thread holds in memory.
  const snapshot = await hub.getSnapshot(params.threadId, { limit: 0 });
  // Older entries no longer change: the store's indexed read serves them.
  return { ...snapshot, ...(await store.getEntriesPage(params.threadId, { before: params.before, limit: params.limit })) };
}
