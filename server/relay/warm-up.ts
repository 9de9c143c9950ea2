/**
 * The reads a tab's first requests make, done once while the relay starts, so that the first
 * thread opened (openThread, then its first page) and the first list page cost what later ones
 * do. Each query's first use costs far more than the next: the store's query compiler plans that
 * query's shape, the database prepares its statement, and V8 compiles the code on the way. Done on
 * a thread id no thread has, with reads only: nothing is recorded, nothing a tab sees changes.
 */
import { randomUUID } from 'node:crypto';
import { TAIL_ENTRIES } from '../hub/thread-tail';
import type { ThreadStore } from '../store/thread-store';

/** As many as a tab's first page of the list or of a thread asks for; the figure only shapes the query. */
const PAGE = 50;

export async function warmUpThreadReads(store: ThreadStore, log: (message: string) => void): Promise<void> {
  const threadId = randomUUID();
  try {
    // In the order opening a thread makes them (open-thread.ts, recorded-state.ts, thread-entries-page.ts).
    await store.getThread(threadId);
    await store.loadTail(threadId, TAIL_ENTRIES);
    await store.getEventsAfter(threadId, 0);
    await store.getLastEvent(threadId, 'progress');
    await store.getEntriesPage(threadId, { before: PAGE, limit: PAGE });
    await store.getLastEvent(threadId, 'usage');
    await store.listThreads({ limit: PAGE });
  } catch (error) {
    // Only the first real request is slower for it; that request reports a store that fails.
    log(`warming up the store's reads failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
