/**
 * The files agents change through Baton, kept so that a rewind can put them back: before a change
 * runs, each path's content (or that there was none); after it, a hash of what it left. Kept in
 * the database in Baton's data folder, never in the workspace, so no agent can read or alter it.
 *
 * A rewind undoes, per path, every change made after the rewind point at once: the file goes back
 * to what it was before the first of them, provided it is still what the last of them left. A file
 * changed since (by the user, a shell command, another thread) is a conflict: left as it is and
 * reported, unless the user chose to overwrite it. Every restore is a write judged again when it is
 * made (restore-writes.ts), so a link swapped in since cannot lead it out of the workspace, into
 * `.git` or into Baton's data folder, and the user's config can refuse it.
 */
import type { RewindConflict, RewindFile } from '../../lib/protocol/thread-rewind';
import type { StoredFileChange, ThreadHistoryStore } from '../store/thread-history-store';
import type { ChangeScope, FileChangeTracker } from '../hub/turn-hooks';
import type { Workspace } from '../workspace/workspace';
import { WorkspaceError } from '../workspace/workspace-error';
import { type FileState, readFileState, stateHash } from './file-state';
import { type Refusal, type RestoreGuard, RestoreWrites } from './restore-writes';

/** One path's part of a rewind: its state before the first change, and what the last one left. */
interface PathRewind {
  path: string;
  first: StoredFileChange;
  last: StoredFileChange;
}

export interface RestoreOptions {
  /** Restore files changed since the agent's change too, when they can be. */
  overwriteConflicts?: boolean;
  /** The user's config on restores; none: only the workspace's own checks apply. */
  guard?: RestoreGuard;
  /** Only this workspace-relative path (a revert of one file); absent: every path changed. */
  only?: string;
}

export interface RestorePlan {
  files: RewindFile[];
  conflicts: RewindConflict[];
}

export class FileHistory implements FileChangeTracker {
  constructor(
    private readonly store: ThreadHistoryStore,
    private readonly workspace: Workspace,
  ) {}

  /**
   * Runs `change`, which writes the files at `paths`, keeping their state before and after. A path
   * that cannot be resolved is left to the change itself to refuse, and is not recorded.
   */
  async track<T>(scope: ChangeScope, paths: readonly string[], change: () => Promise<T>): Promise<T> {
    const before: Array<{ path: string; state: FileState }> = [];
    for (const requested of paths) {
      const path = await this.relative(requested);
      if (path !== undefined && !before.some((known) => known.path === path)) before.push({ path, state: await this.stateOf(path) });
    }
    try {
      return await change();
    } finally {
      // Recorded whether the change succeeded or not: a failed one may have written part of it.
      for (const { path, state } of before) {
        const after = await this.stateOf(path);
        if (stateHash(after) === stateHash(state)) continue;
        await this.store.recordFileChange({
          ...scope,
          path,
          existed: state.kind !== 'absent',
          kept: state.kind !== 'unkept',
          ...(state.kind === 'file' ? { before: state.text } : {}),
          ...(after.kind === 'absent' ? {} : { afterHash: after.hash }),
        });
      }
    }
  }

  /** What a rewind to `toEntry` would do to the files, without doing it. */
  async plan(threadId: string, toEntry: number, guard?: RestoreGuard): Promise<RestorePlan> {
    const writes = new RestoreWrites(this.workspace, guard);
    const plan: RestorePlan = { files: [], conflicts: [] };
    for (const rewind of await this.pathRewinds(threadId, toEntry)) {
      const file = { path: rewind.path, action: actionOf(rewind) };
      const conflict = await this.conflictOf(rewind, writes);
      if (conflict) plan.conflicts.push({ ...file, ...conflict });
      else plan.files.push(file);
    }
    return plan;
  }

  /**
   * Puts back the files changed after `toEntry`. Conflicts are left as they are (restored anyway
   * with `overwriteConflicts`, when they can be); a write refused as it is made is reported as a conflict.
   */
  async restore(
    threadId: string,
    toEntry: number,
    options: RestoreOptions = {},
  ): Promise<{ restored: RewindFile[]; conflicts: RewindConflict[] }> {
    const writes = new RestoreWrites(this.workspace, options.guard);
    const restored: RewindFile[] = [];
    const conflicts: RewindConflict[] = [];
    for (const rewind of await this.pathRewinds(threadId, toEntry, options.only)) {
      const file = { path: rewind.path, action: actionOf(rewind) };
      const conflict = await this.conflictOf(rewind, writes);
      if (conflict && !(conflict.overridable && options.overwriteConflicts)) {
        conflicts.push({ ...file, ...conflict });
        continue;
      }
      const refused = await writes.apply(file, async () => Buffer.from(rewind.first.before ?? '', 'utf8'));
      if (refused) conflicts.push({ ...file, ...refused });
      else restored.push(file);
    }
    return { restored, conflicts };
  }

  /**
   * The paths changed after `toEntry` that are now as they were before the first of those changes
   * (reverted, or changed back): a rewind to there would have nothing to do for them.
   */
  async asBefore(threadId: string, toEntry: number): Promise<string[]> {
    const paths: string[] = [];
    for (const { path, first } of await this.pathRewinds(threadId, toEntry)) {
      const now = await this.stateOf(path);
      const same = first.existed ? first.kept && now.kind === 'file' && now.text === first.before : now.kind === 'absent';
      if (same) paths.push(path);
    }
    return paths;
  }

  /** Per path, the first and last change after `toEntry`; the path most recently changed first. */
  private async pathRewinds(threadId: string, toEntry: number, only?: string): Promise<PathRewind[]> {
    const byPath = new Map<string, PathRewind>();
    // Newest first: the first change seen for a path is its last, the last seen its first.
    for (const change of await this.store.fileChangesAfter(threadId, toEntry)) {
      if (only !== undefined && change.path !== only) continue;
      const known = byPath.get(change.path);
      if (known) known.first = change;
      else byPath.set(change.path, { path: change.path, first: change, last: change });
    }
    return [...byPath.values()];
  }

  private async conflictOf(rewind: PathRewind, writes: RestoreWrites): Promise<Refusal | undefined> {
    const refused = await writes.refusal({ path: rewind.path, action: actionOf(rewind) });
    if (refused) return refused;
    if (!rewind.first.kept) {
      return {
        reason: `Baton could not keep what ${rewind.path} was before (a folder, a binary or a very large file).`,
        overridable: false,
      };
    }
    let now: FileState;
    try {
      now = await readFileState(this.workspace, rewind.path);
    } catch (error) {
      if (!(error instanceof WorkspaceError)) throw error;
      // Refused by the workspace's read jail (a link swapped in since the check above): never written.
      return { reason: error.message, overridable: false };
    }
    if (stateHash(now) === rewind.last.afterHash) return undefined;
    const since = now.kind === 'absent' ? 'was deleted' : 'changed';
    return { reason: `${rewind.path} ${since} after the agent's change; restoring it would lose that.`, overridable: true };
  }

  private async relative(requested: string): Promise<string | undefined> {
    try {
      return await this.workspace.relativePath(requested);
    } catch (error) {
      if (error instanceof WorkspaceError) return undefined;
      throw error;
    }
  }

  /** A path the workspace refuses (protected, outside) has no state worth keeping: the change will fail. */
  private async stateOf(path: string): Promise<FileState> {
    try {
      return await readFileState(this.workspace, path);
    } catch (error) {
      if (!(error instanceof WorkspaceError)) throw error;
      return { kind: 'unkept', hash: `unkept:${error.code}`, reason: error.message };
    }
  }
}

function actionOf(rewind: PathRewind): RewindFile['action'] {
  return rewind.first.existed ? 'restore' : 'remove';
}
