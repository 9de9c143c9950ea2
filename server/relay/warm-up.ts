/**
 * The reads a tab's first requests make, done once while the relay starts, so that the first
 * thread opened (openThread, then its first page) and the first list page cost what later ones
 * do. Each query's first use costs far more than the next: the store's query compiler plans that
 * query's shape, the database prepares its statement, and V8 compiles the code on the way. Done on
 * a thread id no thread has, with reads only: nothing is recorded, nothing a tab sees changes.
 * The schemas that check a tab's requests and the entries read back compile on their first check
 * (zod's compiled fast path), which is done here too.
 */
import { randomUUID } from 'node:crypto';
import { ThreadEntrySchema } from '../../lib/protocol/thread-model';
import { batonProtocol } from '../../lib/protocol/baton-protocol';
import { ThreadRecorder } from '../hub/thread-recorder';
import type { ThreadStore } from '../store/thread-store';

/** As many as a tab's first page of the list or of a thread asks for; the figure only shapes the query. */
const PAGE = 50;

export async function warmUpThreadReads(store: ThreadStore, log: (message: string) => void): Promise<void> {
  const threadId = randomUUID();
  const { requests } = batonProtocol;
  requests.getThreads.params.safeParse({ limit: PAGE });
  requests.openThread.params.safeParse({ threadId });
  requests.getThreadEntries.params.safeParse({ threadId, limit: PAGE });
  warmUpEntrySchemas();
  try {
    // In the order opening a thread makes them (open-thread.ts, recorded-state.ts, thread-entries-page.ts).
    await store.getThread(threadId);
    // The recorder's load reads the thread's tail and the events after it; it records nothing.
    const recorder = await ThreadRecorder.load(threadId, store, () => undefined);
    await recorder.snapshot(PAGE);
    await store.getLastEvent(threadId, 'progress');
    await store.getEntriesPage(threadId, { before: PAGE, limit: PAGE });
    await store.getLastEvent(threadId, 'usage');
    await store.listThreads({ limit: PAGE });
  } catch (error) {
    // Only the first real request is slower for it; that request reports a store that fails.
    log(`warming up the store's reads failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Every kind of entry once: a kind's schema compiles whether or not the value passes, and the
 * nested schemas a real thread's first page is full of (message chunks, a file change) compile
 * with values that reach them.
 */
function warmUpEntrySchemas(): void {
  for (const kind of ThreadEntrySchema.options) ThreadEntrySchema.safeParse({ type: kind.shape.type.value });
  ThreadEntrySchema.safeParse({ type: 'message', role: 'assistant', chunks: [{ type: 'text', chunk: '' }] });
  ThreadEntrySchema.safeParse({
    type: 'toolCall',
    id: '',
    name: '',
    server: '',
    origin: 'native',
    status: 'succeeded',
    arguments: {},
    details: { type: 'fileChange', path: '', diff: '', linesAdded: 0, linesRemoved: 0 },
  });
}
