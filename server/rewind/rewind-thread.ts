/**
 * Rewinds a thread to one of its user messages: that message and every later entry leave the
 * thread (entries, events and the file changes kept for them, in one transaction), and the files
 * the removed tool calls changed go back to what they were before. The agent's context follows:
 * the built-in agent reads its history from the entries; an external agent's session is let go,
 * so its next turn starts a new session primed with the kept history (the hand-over path), since
 * none of the protocols Baton speaks to agents can cut a session at a given message.
 */
import type { ThreadRewindPreviewResult, ThreadRewindResult } from '../../lib/protocol/thread-rewind';
import type { EditableThread } from '../hub/thread-hub';
import type { ThreadHistoryStore } from '../store/thread-history-store';
import type { FileHistory } from './file-history';
import { isUserMessage, RewindPointError, userMessageEventSeq } from './user-messages';

export interface RewindDependencies {
  history: ThreadHistoryStore;
  /** Absent: no files were kept, and none are restored. */
  fileHistory?: FileHistory;
}

export interface RewindOptions {
  restoreFiles?: boolean;
  overwriteConflicts?: boolean;
}

async function checkedTarget(thread: EditableThread, toEntry: number) {
  const entries = await thread.recorder.history();
  if (!isUserMessage(entries[toEntry])) {
    const what = toEntry < entries.length ? 'is not a user message' : `does not exist (the thread has ${entries.length} entries)`;
    throw new RewindPointError(`Entry ${toEntry} ${what}; a thread is rewound to one of its user messages.`);
  }
  return entries;
}

/** What `rewindThread` would remove and restore, without changing anything. */
export async function previewRewind(thread: EditableThread, deps: RewindDependencies, toEntry: number): Promise<ThreadRewindPreviewResult> {
  const entries = await checkedTarget(thread, toEntry);
  const plan = deps.fileHistory ? await deps.fileHistory.plan(thread.threadId, toEntry) : { files: [], conflicts: [] };
  return { removedEntries: entries.length - toEntry, ...plan };
}

export async function rewindThread(
  thread: EditableThread,
  deps: RewindDependencies,
  toEntry: number,
  options: RewindOptions = {},
): Promise<ThreadRewindResult> {
  const entries = await checkedTarget(thread, toEntry);
  const firstRemovedEvent = await userMessageEventSeq(deps.history, thread.threadId, entries, toEntry);
  // Files first: should the record fail next, the thread still shows the calls whose changes are undone,
  // which says more than a thread without them and files still changed.
  const files =
    options.restoreFiles !== false && deps.fileHistory
      ? await deps.fileHistory.restore(thread.threadId, toEntry, { overwriteConflicts: options.overwriteConflicts })
      : { restored: [], conflicts: [] };
  await thread.recorder.rewindTo(toEntry, firstRemovedEvent);
  await thread.forgetAgentSession();
  return { removedEntries: entries.length - toEntry, restoredFiles: files.restored, conflicts: files.conflicts };
}
