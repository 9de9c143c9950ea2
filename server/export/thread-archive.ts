/**
 * Threads out of and into the store, for `thread/export` / `thread/import` and for
 * `baton export` / `baton import`. An export holds everything the thread holds: nothing is redacted.
 */
import type { ThreadEntry } from '../../lib/protocol/thread-model';
import type { ExportFormat, ThreadDetails, ThreadExportResult } from '../../lib/protocol/thread-export';
import { applyChatContentInPlace } from '../../lib/thread/apply-chat-content';
import { parseExportFile } from '../../lib/thread/export/export-file';
import { exportThread } from '../../lib/thread/export/export-thread';
import { UnknownThreadError } from '../hub/thread-hub';
import type { ThreadStore } from '../store/thread-store';

/** The header's facts, with the workspace the caller works in. */
export async function readThreadDetails(store: ThreadStore, threadId: string, workspace: string | null): Promise<ThreadDetails> {
  const stored = await store.getThreadDetails(threadId);
  if (stored === null) throw new UnknownThreadError(threadId);
  return { ...stored, workspace };
}

/** The stored entries brought up to the thread's last event, as a load of the thread does. Read only. */
export async function readAllEntries(store: ThreadStore, threadId: string): Promise<ThreadEntry[]> {
  const stored = await store.loadEntries(threadId);
  for (const event of await store.getEventsAfter(threadId, stored.seq)) {
    applyChatContentInPlace(stored.entries, event.role, event.content);
  }
  return stored.entries;
}

export interface ExportSource {
  store: ThreadStore;
  workspace: string | null;
  /** The entries as the live thread holds them, when a relay has it open; the store's otherwise. */
  entries?: (threadId: string) => Promise<readonly ThreadEntry[]>;
}

export async function exportStoredThread(source: ExportSource, threadId: string, format: ExportFormat): Promise<ThreadExportResult> {
  const details = await readThreadDetails(source.store, threadId, source.workspace);
  const entries = source.entries ? await source.entries(threadId) : await readAllEntries(source.store, threadId);
  return exportThread(details, entries, format);
}

/**
 * Creates a new thread from a JSON export: checked whole before anything is written, then written
 * in one transaction. `agentFor` picks the agent the new thread is bound to from the exported one.
 */
export async function importThreadFile(
  store: ThreadStore,
  content: string,
  agentFor: (exported: string) => string = (exported) => exported,
): Promise<{ threadId: string }> {
  const file = parseExportFile(content);
  const { thread } = file;
  const created = await store.importThread({
    title: thread.title,
    agent: agentFor(thread.agent),
    model: thread.model,
    createdAt: new Date(thread.createdAt),
    // Imported now: the new thread heads the list (newest first), where the user looks for it,
    // rather than far down at the original's last change. Its creation date stays the original's.
    modifiedAt: new Date(),
    totalTokens: thread.totalTokens,
    totalCost: thread.totalCost,
    entries: file.entries,
  });
  return { threadId: created.id };
}
