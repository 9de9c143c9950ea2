/**
 * The pure part of keeping a tab's thread list live: where a `thread/updated` goes in the list the
 * tab holds (newest first by modifiedAt), or whether it leaves it, given the list's filter.
 */
import type { ThreadMetadata } from '../lib/protocol/thread-model';
import type { ThreadStatus } from '../lib/protocol/thread-list';

export interface ThreadListFilter {
  /** Searching: results stay in relevance order, and only the ones shown are updated. */
  query: string;
  archived: boolean;
  /** Only the threads bound to this agent; null for every agent. */
  agent: string | null;
  /** Only the threads running a turn, or waiting for an approval; null for any. */
  status: Exclude<ThreadStatus, 'idle'> | null;
}

export const DEFAULT_THREAD_FILTER: ThreadListFilter = { query: '', archived: false, agent: null, status: null };

/** Whether the thread, as it stands now, is one the filter shows (the query aside: the relay judges that). */
function matchesFilter(thread: ThreadMetadata, filter: ThreadListFilter): boolean {
  if ((thread.archivedAt !== undefined) !== filter.archived) return false;
  if (filter.agent !== null && thread.agent !== filter.agent) return false;
  return filter.status === null || (thread.status ?? 'idle') === filter.status;
}

/** Newest first; the same order as the relay's (modifiedAt, then id, both descending). */
function comesBefore(a: ThreadMetadata, b: ThreadMetadata): boolean {
  if (a.modifiedAt !== b.modifiedAt) return a.modifiedAt > b.modifiedAt;
  return a.id > b.id;
}

/**
 * The list with `thread` updated in place, moved to where it now belongs, added, or removed.
 * `complete`: the whole list is loaded (no further page), so a thread older than the last shown
 * still belongs; otherwise it is left for the page that will bring it.
 */
export function withThreadUpdate(
  threads: readonly ThreadMetadata[],
  thread: ThreadMetadata,
  filter: ThreadListFilter,
  complete: boolean,
): readonly ThreadMetadata[] {
  const index = threads.findIndex((candidate) => candidate.id === thread.id);
  const belongs = matchesFilter(thread, filter);
  if (filter.query.trim() !== '') {
    // A search result keeps its place and its match; what changed is shown.
    if (index === -1) return threads;
    if (!belongs) return threads.filter((candidate) => candidate.id !== thread.id);
    const updated = [...threads];
    updated[index] = { ...thread, match: threads[index]!.match };
    return updated;
  }
  const others = index === -1 ? threads : threads.filter((candidate) => candidate.id !== thread.id);
  if (!belongs) return index === -1 ? threads : others;
  const at = others.findIndex((candidate) => comesBefore(thread, candidate));
  if (at === -1) return complete || index !== -1 ? [...others, thread] : threads;
  return [...others.slice(0, at), thread, ...others.slice(at)];
}

/** The list without the thread; the same list when it was not there. */
export function withoutThread(threads: readonly ThreadMetadata[], threadId: string): readonly ThreadMetadata[] {
  return threads.some((thread) => thread.id === threadId) ? threads.filter((thread) => thread.id !== threadId) : threads;
}
