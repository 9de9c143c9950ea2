/**
 * Rewinds a thread to one of its user messages: that message and every later entry leave the
 * thread (entries, events and the file changes kept for them, in one transaction), and the files
 * the removed tool calls changed go back to what they were before. The agent's context follows:
 * The files come back from FileHistory (writes through Baton's tools) and, for agents that write
 * files themselves, from the workspace checkpoints of the removed turns (turn-checkpoints.ts).
 * The built-in agent reads its history from the entries; an external agent's session is let go,
 * so its next turn starts a new session primed with the kept history (the hand-over path), since
 * none of the protocols Baton speaks to agents can cut a session at a given message.
 */
import type { ThreadRewindPreviewResult, ThreadRewindResult } from '../../lib/protocol/thread-rewind';
import type { EditableThread } from '../hub/thread-hub';
import type { ThreadHistoryStore } from '../store/thread-history-store';
import type { FileHistory, RestorePlan } from './file-history';
import type { RestoreGuard } from './restore-writes';
import type { TurnCheckpoints } from './turn-checkpoints';
import { isUserMessage, RewindPointError, userMessageEventSeq } from './user-messages';

export interface RewindDependencies {
  history: ThreadHistoryStore;
  /** Absent: no files were kept, and none are restored. */
  fileHistory?: FileHistory;
  /** The workspace checkpoints of turns of agents that write files themselves. */
  checkpoints?: TurnCheckpoints;
  /** The user's config on restores (the approval rules): a file it refuses is left as a conflict. */
  guard?: RestoreGuard;
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
  const kept = deps.fileHistory ? await deps.fileHistory.plan(thread.threadId, toEntry, deps.guard) : { files: [], conflicts: [] };
  const checkpointed = deps.checkpoints ? await deps.checkpoints.plan(thread.threadId, toEntry, deps.guard) : { files: [], conflicts: [] };
  return { removedEntries: entries.length - toEntry, ...mergePlans(kept, checkpointed), ...(await tooOld(thread, deps, toEntry)) };
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
  const restoring = options.restoreFiles !== false;
  const tooOldTurns = restoring ? await tooOld(thread, deps, toEntry) : {};
  const overwrite = { overwriteConflicts: options.overwriteConflicts, guard: deps.guard };
  const kept =
    restoring && deps.fileHistory ? await deps.fileHistory.restore(thread.threadId, toEntry, overwrite) : { restored: [], conflicts: [] };
  // A path FileHistory kept is its to restore; the checkpoints then see it as the user's change.
  const fromKept = new Set([...kept.restored, ...kept.conflicts].map((file) => file.path));
  const checkpointed =
    restoring && deps.checkpoints
      ? await deps.checkpoints.restore(thread.threadId, toEntry, { ...overwrite, except: fromKept })
      : { restored: [], conflicts: [] };
  const files = { restored: [...kept.restored, ...checkpointed.restored], conflicts: [...kept.conflicts, ...checkpointed.conflicts] };
  await deps.checkpoints?.forget(thread.threadId, toEntry);
  await thread.recorder.rewindTo(toEntry, firstRemovedEvent);
  await thread.forgetAgentSession();
  return { removedEntries: entries.length - toEntry, restoredFiles: files.restored, conflicts: files.conflicts, ...tooOldTurns };
}

/** Said only when true, so that a result without capped turns is as it always was. */
async function tooOld(thread: EditableThread, deps: RewindDependencies, toEntry: number): Promise<{ tooOldToRestore?: true }> {
  return (await deps.checkpoints?.tooOldToRestore(thread.threadId, toEntry)) ? { tooOldToRestore: true } : {};
}

/** Both plans in one; a path FileHistory kept is its own, however the checkpoints see it. */
function mergePlans(kept: RestorePlan, checkpointed: RestorePlan): RestorePlan {
  const fromKept = new Set([...kept.files, ...kept.conflicts].map((file) => file.path));
  return {
    files: [...kept.files, ...checkpointed.files.filter((file) => !fromKept.has(file.path))],
    conflicts: [...kept.conflicts, ...checkpointed.conflicts.filter((file) => !fromKept.has(file.path))],
  };
}
