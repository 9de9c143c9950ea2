/**
 * getThreadEntries, whole or a page at a time (Baton's paging, lib/protocol/thread-events.ts): a
 * tab opens a long thread at its end and fetches older entries as the reader scrolls up to them;
 * a search result or an entry's link opens a page `around` its entry, and pages both ways from it.
 */
import type { GetThreadEntriesParams, ThreadSnapshot } from '../../lib/protocol/thread-events';
import type { TurnUsage } from '../../lib/protocol/thread-review';
import { usageOf } from '../../lib/thread/review-entries';
import type { ThreadHub } from '../hub/thread-hub';
import type { ThreadStore } from '../store/thread-store';

export async function getThreadEntries(hub: ThreadHub, store: ThreadStore, params: GetThreadEntriesParams): Promise<ThreadSnapshot> {
  const { threadId, limit } = params;
  if (limit === undefined) return hub.getSnapshot(threadId);
  if (params.after !== undefined) return entriesFrom(hub, store, threadId, (total) => Math.min(params.after! + 1, total), limit);
  if (params.around !== undefined) {
    // Centred on the entry, unless the thread's start or end is nearer than half a page.
    const page = entriesFrom(
      hub,
      store,
      threadId,
      (total) => Math.max(0, Math.min(params.around! - Math.floor(limit / 2), total - limit)),
      limit,
    );
    return withThreadUsage(store, threadId, page);
  }
  if (params.before === undefined) return withThreadUsage(store, threadId, hub.getSnapshot(threadId, { limit }));
  // The live view first: where the entries stand (lastSeq) and whether a turn runs. The smallest
  // page: the entries that can still change, which the thread holds in memory.
  const snapshot = await hub.getSnapshot(threadId, { limit: 0 });
  // Older entries no longer change: the store's indexed read serves them.
  return { ...snapshot, ...(await store.getEntriesPage(threadId, { before: params.before, limit })) };
}

/**
 * The `limit` entries from the position `startOf(entry count)`: those that can still change from
 * the thread's live view, the older ones from the store's indexed read. Costs the page, not the thread.
 */
async function entriesFrom(
  hub: ThreadHub,
  store: ThreadStore,
  threadId: string,
  startOf: (total: number) => number,
  limit: number,
): Promise<ThreadSnapshot> {
  const live = await hub.getSnapshot(threadId, { limit: 0 });
  const liveFrom = live.firstIndex ?? 0;
  const total = liveFrom + live.entries.length;
  const start = startOf(total);
  const end = Math.min(total, start + limit);
  const storedEnd = Math.min(end, liveFrom);
  const stored = storedEnd > start ? (await store.getEntriesPage(threadId, { before: storedEnd, limit: storedEnd - start })).entries : [];
  const fromLive = live.entries.slice(Math.max(0, start - liveFrom), Math.max(0, end - liveFrom));
  return { ...live, entries: [...stored, ...fromLive], firstIndex: start };
}

/**
 * A page a tab opens the thread with, and the thread's last usage report. The report is read after
 * the page: it is as new as the page or newer, and a newer one also reaches the tab as a live event,
 * which sets the same figures. Read from the events' (threadId, type, seq) index: flat in thread size.
 */
async function withThreadUsage(store: ThreadStore, threadId: string, page: Promise<ThreadSnapshot>): Promise<ThreadSnapshot> {
  const snapshot = await page;
  const usage = await lastUsage(store, threadId);
  return usage === undefined ? snapshot : { ...snapshot, usage };
}

async function lastUsage(store: ThreadStore, threadId: string): Promise<TurnUsage | undefined> {
  const event = await store.getLastEvent(threadId, 'usage');
  return event?.content.type === 'usage' ? usageOf(event.content) : undefined;
}
