/**
 * Checkpoints of the workspace, per turn of an agent that writes files itself (ECA, Autohand,
 * Emacs-Agent: their edits never pass through Baton's tools, so FileHistory cannot see them). At
 * the start and at the end of each such turn the workspace's files go into the shadow repository
 * (shadow-git.ts) as one commit, named by a ref per thread, turn and phase:
 * `refs/baton/<thread>/<position>/start|end`, the position being the turn's user message.
 *
 * What a checkpoint holds: every file git would see (`.gitignore` honoured), except files over
 * MAX_CHECKPOINT_FILE_BYTES, which are listed in the commit's message with their size and mtime
 * instead, so that a rewind can say it cannot put them back rather than pass over them in silence.
 */
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { type CheckpointPhase, readThreadRefs, setPrunedMark, type TurnRefs, turnRef, updateRefs } from './checkpoint-refs';
import type { ShadowGit } from './shadow-git';

export type { CheckpointPhase } from './checkpoint-refs';

export const MAX_CHECKPOINT_FILE_BYTES = 5 * 1024 * 1024;
/** How many files' sizes are asked for at once. */
const STAT_BATCH = 256;

/** A file left out of a checkpoint for its size. */
export interface SkippedFile {
  path: string;
  size: number;
  mtimeMs: number;
}

export interface Checkpoint {
  commit: string;
  skipped: SkippedFile[];
}

const splitNul = (output: Buffer) =>
  output
    .toString('utf8')
    .split('\0')
    .filter((part) => part !== '');

export class WorkspaceCheckpoints {
  constructor(
    readonly git: ShadowGit,
    readonly maxFileBytes = MAX_CHECKPOINT_FILE_BYTES,
  ) {}

  /** Takes the workspace as it is now into a commit; named by a ref when a turn and phase are given. */
  async take(threadId?: string, position?: number, phase?: CheckpointPhase): Promise<Checkpoint> {
    const { git } = this;
    // Only a file new or changed since the last checkpoint can have grown over the limit: those
    // in the index unchanged were small when added (the large ones never stay in it).
    const changed = splitNul(await git.run(['ls-files', '-z', '--modified', '--others', '--exclude-standard']));
    const skipped = await this.tooLarge([...new Set(changed)]);
    const excluded = skipped.map((file) => file.path).join('\0');
    // Out of the index first, so that the `add` below, which passes over them, does not keep them.
    // `--force`: a kept file that grew since differs from its index entry, which `rm` otherwise
    // refuses to drop; with `--cached` the file itself is never touched.
    if (skipped.length > 0)
      await git.run(
        ['rm', '--cached', '--force', '--quiet', '--ignore-unmatch', '--pathspec-from-file=-', '--pathspec-file-nul'],
        excluded,
      );
    // The whole tree (a removed file leaves the index too) less the large files, each excluded by
    // its literal name. One pathspec per kept file instead made `add` cost about 1 s for 10,000
    // files (its matching grows with files × pathspecs), against 30 ms for this.
    const pathspecs = ['.', ...skipped.map((file) => `:(exclude,literal)${file.path}`)].join('\0');
    await git.run(['add', '-A', '--pathspec-from-file=-', '--pathspec-file-nul'], pathspecs, { pathspecMagic: true });
    const tree = (await git.run(['write-tree'])).toString('utf8').trim();
    const commit = (await git.run(['commit-tree', tree, '-m', JSON.stringify({ skipped })])).toString('utf8').trim();
    if (threadId !== undefined && position !== undefined && phase !== undefined) {
      await git.run(['update-ref', turnRef(threadId, position, phase), commit]);
    }
    return { commit, skipped };
  }

  /** The listed files over the size limit, looked at a batch at a time rather than one by one. */
  private async tooLarge(files: readonly string[]): Promise<SkippedFile[]> {
    const skipped: SkippedFile[] = [];
    for (let start = 0; start < files.length; start += STAT_BATCH) {
      const batch = files.slice(start, start + STAT_BATCH);
      const stats = await Promise.all(
        batch.map((file) =>
          lstat(path.join(this.git.workTree, file)).catch((error: NodeJS.ErrnoException) => {
            // Gone since it was listed: `add -A` takes it out of the index.
            if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
            throw error;
          }),
        ),
      );
      stats.forEach((stat, index) => {
        if (stat?.isFile() && stat.size > this.maxFileBytes) skipped.push({ path: batch[index]!, size: stat.size, mtimeMs: stat.mtimeMs });
      });
    }
    return skipped;
  }

  /** The thread's checkpoints from `fromPosition` on: per turn position, its start and end commits. */
  async turnsFrom(threadId: string, fromPosition: number): Promise<TurnRefs[]> {
    return (await readThreadRefs(this.git, threadId)).turns.filter((turn) => turn.position >= fromPosition);
  }

  /** The files left out of a checkpoint for their size. */
  async skippedIn(commit: string): Promise<SkippedFile[]> {
    const message = (await this.git.run(['log', '-1', '--format=%B', commit])).toString('utf8');
    const parsed = JSON.parse(message) as { skipped?: SkippedFile[] };
    return parsed.skipped ?? [];
  }

  /** The paths that differ between two checkpoints. */
  async changedPaths(from: string, to: string): Promise<string[]> {
    return splitNul(await this.git.run(['diff-tree', '-r', '-z', '--no-renames', '--name-only', from, to]));
  }

  /** A file as a checkpoint holds it: its mode and blob, or undefined when it held none. */
  async entryAt(commit: string, file: string): Promise<{ mode: string; blob: string } | undefined> {
    const line = (await this.git.run(['ls-tree', '-z', commit, '--', file])).toString('utf8').split('\0')[0];
    const match = line?.match(/^(\d+) (\w+) (\w+)\t/);
    return match ? { mode: match[1]!, blob: match[3]! } : undefined;
  }

  async blobBytes(blob: string): Promise<Buffer> {
    return this.git.run(['cat-file', 'blob', blob]);
  }

  /**
   * Forgets the thread's checkpoints from `fromPosition` on (the turns a rewind removed); the
   * pruned mark comes down below them, since later turns will take those positions again.
   */
  async forget(threadId: string, fromPosition: number): Promise<void> {
    const refs = await readThreadRefs(this.git, threadId);
    const commands = refs.turns
      .filter((turn) => turn.position >= fromPosition)
      .flatMap((turn) =>
        (['start', 'end'] as const).filter((phase) => turn[phase]).map((phase) => `delete ${turnRef(threadId, turn.position, phase)}`),
      );
    if (refs.prunedThrough !== undefined && refs.prunedThrough >= fromPosition)
      commands.push(...(await setPrunedMark(this.git, threadId, refs, fromPosition - 1)));
    await updateRefs(this.git, commands);
  }
}
