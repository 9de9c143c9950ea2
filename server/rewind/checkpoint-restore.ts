/**
 * A rewind's file restore from workspace checkpoints (workspace-checkpoints.ts), for the turns of
 * agents that write files themselves. The files those turns changed are the ones that differ
 * between each removed turn's start and end checkpoints; what the user changed between turns is
 * no turn's doing and is left alone. Per path, as FileHistory does: the file goes back to what it
 * was at the start of the first removed turn that changed it, provided it is still what the last
 * such turn left; otherwise it is a conflict the user may choose to overwrite. Every restore is a
 * write judged again when it is made (restore-writes.ts), so a link swapped in since cannot lead it
 * out of the workspace, into `.git` or into Baton's data folder, and the user's config can refuse
 * it. A file's mode in the checkpoint is never applied: a file put back keeps the bits of the one it
 * replaces, and one made anew is not executable (replace-file.ts).
 */
import { createHash } from 'node:crypto';
import type { RewindConflict, RewindFile } from '../../lib/protocol/thread-rewind';
import type { Workspace } from '../workspace/workspace';
import { lstatOrUndefined, resolveWorkspaceEntry } from '../workspace/workspace-entries';
import { readRegularFile } from '../workspace/regular-file';
import { WorkspaceError } from '../workspace/workspace-error';
import type { RestorePlan } from './file-history';
import { type Refusal, type RestoreGuard, RestoreWrites } from './restore-writes';
import type { WorkspaceCheckpoints } from './workspace-checkpoints';

export interface RestoreOptions {
  overwriteConflicts?: boolean;
  except?: ReadonlySet<string>;
  /** Only this workspace-relative path (a revert of one file); absent: every path the turns changed. */
  only?: string;
  /** The user's config on restores; none: only the workspace's own checks apply. */
  guard?: RestoreGuard;
}

const REGULAR_FILE_MODES = new Set(['100644', '100755']);

/** One path's part of a rewind: its entry before the first removed turn changed it, and after the last. */
interface PathRewind {
  path: string;
  /** The checkpoints the path is read from: before the first change, after the last. */
  beforeCommit: string;
  afterCommit: string;
}

interface Verdict {
  file: RewindFile;
  conflict?: Refusal;
  before?: { mode: string; blob: string };
}

export class CheckpointRestore {
  constructor(
    private readonly checkpoints: WorkspaceCheckpoints,
    private readonly workspace: Workspace,
  ) {}

  async plan(threadId: string, toEntry: number, guard?: RestoreGuard): Promise<RestorePlan> {
    const plan: RestorePlan = { files: [], conflicts: [] };
    for (const verdict of await this.verdicts(threadId, toEntry, new RestoreWrites(this.workspace, guard))) {
      if (verdict.conflict) plan.conflicts.push({ ...verdict.file, ...verdict.conflict });
      else plan.files.push(verdict.file);
    }
    return plan;
  }

  /** `except`: paths restored another way (FileHistory), never touched here; `only`: the one path to restore. */
  async restore(
    threadId: string,
    toEntry: number,
    options: RestoreOptions = {},
  ): Promise<{ restored: RewindFile[]; conflicts: RewindConflict[] }> {
    const writes = new RestoreWrites(this.workspace, options.guard);
    const restored: RewindFile[] = [];
    const conflicts: RewindConflict[] = [];
    for (const { file, conflict, before } of await this.verdicts(threadId, toEntry, writes)) {
      if (options.except?.has(file.path) || (options.only !== undefined && file.path !== options.only)) continue;
      if (conflict && !(conflict.overridable && options.overwriteConflicts)) {
        conflicts.push({ ...file, ...conflict });
        continue;
      }
      const refused = await writes.apply(file, () => this.checkpoints.blobBytes(before!.blob));
      if (refused) conflicts.push({ ...file, ...refused });
      else restored.push(file);
    }
    return { restored, conflicts };
  }

  private async verdicts(threadId: string, toEntry: number, writes: RestoreWrites): Promise<Verdict[]> {
    const turns = (await this.checkpoints.turnsFrom(threadId, toEntry)).filter((turn) => turn.start !== undefined);
    if (turns.length === 0) return [];
    const byPath = new Map<string, PathRewind>();
    const tooLarge = new Map<string, string>();
    let now: string | undefined;
    for (const [index, turn] of turns.entries()) {
      // A turn cut off before its end checkpoint (a crash) ends where the next begins, or now.
      let end = turn.end ?? turns[index + 1]?.start;
      if (end === undefined) {
        now ??= (await this.checkpoints.take()).commit;
        end = now;
      }
      for (const file of await this.checkpoints.changedPaths(turn.start!, end)) {
        const known = byPath.get(file);
        if (known) known.afterCommit = end;
        else byPath.set(file, { path: file, beforeCommit: turn.start!, afterCommit: end });
      }
      for (const file of await this.changedWhileTooLarge(turn.start!, end))
        tooLarge.set(file, 'changed while over the size Baton keeps in checkpoints');
    }
    const verdicts: Verdict[] = [];
    for (const file of tooLarge.keys()) {
      if (byPath.has(file)) continue;
      verdicts.push({
        file: { path: file, action: 'restore' },
        conflict: { reason: `${file} is too large for Baton's checkpoints; it was left as it is.`, overridable: false },
      });
    }
    for (const rewind of byPath.values()) verdicts.push(await this.verdictOf(rewind, writes));
    return verdicts;
  }

  /** Files left out of a checkpoint for their size whose size or time differs between the two. */
  private async changedWhileTooLarge(start: string, end: string): Promise<string[]> {
    const before = new Map((await this.checkpoints.skippedIn(start)).map((file) => [file.path, file]));
    const after = new Map((await this.checkpoints.skippedIn(end)).map((file) => [file.path, file]));
    const changed: string[] = [];
    for (const file of new Set([...before.keys(), ...after.keys()])) {
      const [was, is] = [before.get(file), after.get(file)];
      if (!was || !is || was.size !== is.size || was.mtimeMs !== is.mtimeMs) changed.push(file);
    }
    return changed;
  }

  private async verdictOf(rewind: PathRewind, writes: RestoreWrites): Promise<Verdict> {
    const before = await this.checkpoints.entryAt(rewind.beforeCommit, rewind.path);
    const after = await this.checkpoints.entryAt(rewind.afterCommit, rewind.path);
    const file: RewindFile = { path: rewind.path, action: before ? 'restore' : 'remove' };
    const refused = await writes.refusal(file);
    if (refused) return { file, conflict: refused };
    if (before && !REGULAR_FILE_MODES.has(before.mode)) {
      return {
        file,
        conflict: { reason: `${rewind.path} was a symbolic link or a nested repository; Baton puts back only files.`, overridable: false },
      };
    }
    const current = await this.currentBlob(rewind.path);
    if (typeof current === 'object') return { file, conflict: current };
    if (current === after?.blob) return { file, before };
    const since = current === undefined ? 'was deleted' : 'changed';
    return {
      file,
      before,
      conflict: { reason: `${rewind.path} ${since} after the agent's turn; restoring it would lose that.`, overridable: true },
    };
  }

  /**
   * The git blob id of the file as it is now (undefined: there is none), read through the
   * workspace's jail without blocking on a FIFO or following a link; a path it refuses is a
   * conflict no choice overrides.
   */
  private async currentBlob(file: string): Promise<string | undefined | Refusal> {
    let absolute: string;
    try {
      absolute = await resolveWorkspaceEntry(this.workspace.root, file);
    } catch (error) {
      if (error instanceof WorkspaceError) return { reason: error.message, overridable: false };
      throw error;
    }
    const stats = await lstatOrUndefined(absolute);
    if (!stats) return undefined;
    if (!stats.isFile()) return { reason: `${file} is no longer a file; it was left as it is.`, overridable: false };
    let bytes: Buffer;
    try {
      ({ bytes } = await readRegularFile(absolute, file, this.checkpoints.maxFileBytes));
    } catch (error) {
      if (!(error instanceof WorkspaceError)) throw error;
      // Larger than any file a checkpoint holds, it cannot be what the turn left; or no longer a file.
      const reason =
        error.code === 'file-too-large' ? `${file} is now too large for Baton's checkpoints; it was left as it is.` : error.message;
      return { reason, overridable: false };
    }
    return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
  }
}
