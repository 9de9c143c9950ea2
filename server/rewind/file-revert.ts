/**
 * "Revert this file" in a thread's Changes panel: one file goes back to how it was before the
 * thread first changed it, by the rewind's own restores (FileHistory for writes through Baton,
 * the workspace checkpoints for agents that write themselves). So the same checked write path
 * and the same rules judge it (restore-writes.ts, policy-restore-guard.ts), and a file changed on
 * disk since the thread's last write is a conflict the user must confirm. The thread keeps every
 * entry: only the file changes.
 */
import type { RewindConflict, RewindFile } from '../../lib/protocol/thread-rewind';
import type { ThreadChanges } from '../../lib/protocol/thread-export';
import type { ThreadRevertFileResult } from '../../lib/protocol/thread-file-revert';
import { RelayError } from '../../lib/rpc/relay-error';
import type { Workspace } from '../workspace/workspace';
import { WorkspaceError } from '../workspace/workspace-error';
import type { FileHistory } from './file-history';
import type { RestoreGuard } from './restore-writes';
import type { TurnCheckpoints } from './turn-checkpoints';

/** A file the thread never changed (as far as Baton kept): nothing to revert it to. */
export class FileNotChangedError extends RelayError<'file-not-changed'> {
  constructor(message: string) {
    super('file-not-changed', message);
  }
}

export interface FileRevertDependencies {
  workspace: Workspace;
  fileHistory?: FileHistory;
  checkpoints?: TurnCheckpoints;
  guard?: RestoreGuard;
}

/**
 * The rewind point before every change of the thread: its first entry, the user message that
 * began it (a change is recorded at the entry count of its turn, never 0).
 */
const BEFORE_THE_THREAD = 0;

type Restored = { restored: RewindFile[]; conflicts: RewindConflict[] };

export async function revertThreadFile(
  deps: FileRevertDependencies,
  threadId: string,
  requestedPath: string,
  options: { overwriteConflict?: boolean } = {},
): Promise<ThreadRevertFileResult> {
  // Refuses a path outside the workspace (WorkspacePathError) before anything is read.
  const path = await deps.workspace.relativePath(requestedPath);
  const restore = { overwriteConflicts: options.overwriteConflict, guard: deps.guard, only: path };
  // A path FileHistory kept is its to restore, as in a rewind; the checkpoints then leave it alone.
  const kept = deps.fileHistory ? outcomeOf(await deps.fileHistory.restore(threadId, BEFORE_THE_THREAD, restore)) : undefined;
  if (kept) return kept;
  const checkpointed = deps.checkpoints ? outcomeOf(await deps.checkpoints.restore(threadId, BEFORE_THE_THREAD, restore)) : undefined;
  if (checkpointed) return checkpointed;
  throw new FileNotChangedError(
    `This thread did not change ${path} (or Baton kept no record of how it was before), so there is nothing to revert it to. Nothing was changed.`,
  );
}

function outcomeOf({ restored, conflicts }: Restored): ThreadRevertFileResult | undefined {
  if (restored[0]) return { outcome: 'reverted', file: restored[0] };
  if (conflicts[0]) return { outcome: 'conflict', conflict: conflicts[0] };
  return undefined;
}

/**
 * The thread's changes with each file that is now as it was before the thread marked `reverted`,
 * so the Changes panel shows a revert (this tab's, another tab's, the user's own) after a reload.
 * Known for the files changed through Baton only: checkpoints would cost a git diff per turn.
 */
export async function markRevertedFiles(
  deps: Pick<FileRevertDependencies, 'workspace' | 'fileHistory'>,
  threadId: string,
  changes: ThreadChanges,
): Promise<ThreadChanges> {
  const asBefore = new Set(deps.fileHistory ? await deps.fileHistory.asBefore(threadId, BEFORE_THE_THREAD) : []);
  if (asBefore.size === 0) return changes;
  const files = [];
  for (const file of changes.files) {
    const path = await relativeOrUndefined(deps.workspace, file.path);
    files.push(path !== undefined && asBefore.has(path) ? { ...file, reverted: true } : file);
  }
  return { ...changes, files };
}

/** A path the workspace refuses now (a link swapped in) is no file Baton kept: undefined. */
async function relativeOrUndefined(workspace: Workspace, requested: string): Promise<string | undefined> {
  try {
    return await workspace.relativePath(requested);
  } catch (error) {
    if (error instanceof WorkspaceError) return undefined;
    throw error;
  }
}
