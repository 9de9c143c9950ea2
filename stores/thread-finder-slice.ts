/**
 * Threads found by what the user types in the command palette: the relay's own thread search
 * (`getThreads` with a query, which matches titles and what was said), without touching the
 * filter of the thread list beside it.
 */
import type { ThreadMetadata } from '../lib/protocol/thread-model';
import { MAX_SEARCH_QUERY_LENGTH } from '../lib/protocol/thread-list';
import type { BatonSliceCreator } from './baton-state';

/** A palette shows a handful; more is a job for the thread list's own search. */
export const THREADS_FOUND_LIMIT = 8;

export interface ThreadFinderSlice {
  /** The newest threads for an empty query. Rejects with the relay's error. */
  findThreads(query: string): Promise<readonly ThreadMetadata[]>;
}

export const createThreadFinderSlice: BatonSliceCreator<ThreadFinderSlice> = (rpc) => () => ({
  async findThreads(query) {
    const trimmed = query.trim().slice(0, MAX_SEARCH_QUERY_LENGTH);
    const { threads } = await rpc.request('getThreads', { limit: THREADS_FOUND_LIMIT, ...(trimmed === '' ? {} : { query: trimmed }) });
    return threads;
  },
});
