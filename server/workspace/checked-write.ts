/**
 * The one way Baton's own restores (a rewind putting files back, server/rewind) change the
 * workspace. A restore writes what history says to a path history names, long after the path was
 * judged: by then a folder on the way may be a symbolic link to `.git/hooks`, out of the
 * workspace or into Baton's data folder, and the file itself a FIFO or a link. So each change
 * judges the path again when it is made: every folder on the way is opened and judged where it
 * really is (checked-folder.ts), no name on the way or at the end may be `.git`, the file is
 * reached through the opened folder without following a link, only a regular file is replaced
 * or removed (anything else is left as it is, never opened), and the folder is judged once more
 * after the new content is written, before it takes the file's name.
 */
import { unlink } from 'node:fs/promises';
import path from 'node:path';
import { type ChangeRules, type CheckedFolder, isGitName, openCheckedFolder } from './checked-folder';
import { describeKind } from './regular-file';
import { replaceRegularFile } from './replace-file';
import { realWorkspaceRoot } from './resolve-workspace-path';
import { WorkspaceError } from './workspace-error';
import { isInsideOrSame, lstatOrUndefined, realPathOrResolved } from './workspace-entries';

export type ChangeAccess = 'write' | 'delete';

export interface CheckedWriteTarget {
  root: string;
  /** Folders no change may enter (Baton's data folder). */
  protectedFolders: readonly string[];
}

/** Throws the WorkspaceError a restore of `requestedPath` would meet now, changing nothing. */
export async function checkChange(target: CheckedWriteTarget, requestedPath: string, access: ChangeAccess): Promise<void> {
  await withCheckedTarget(target, requestedPath, false, async (folder, name, rules) => {
    if (folder) await assertReplaceable(folder, name, rules, access);
  });
}

/** Creates or replaces the regular file at `requestedPath` with `bytes`, making missing folders. */
export async function writeCheckedFile(target: CheckedWriteTarget, requestedPath: string, bytes: Uint8Array): Promise<void> {
  await withCheckedTarget(target, requestedPath, true, async (folder, name, rules) => {
    await assertReplaceable(folder!, name, rules, 'write');
    await replaceRegularFile(folder!.entry(name), bytes, rules.shownPath, {
      beforeRename: async () => {
        await folder!.recheck();
        await assertReplaceable(folder!, name, rules, 'write');
      },
    });
  });
}

/** Removes the file (or a link, as a link) at `requestedPath`; nothing there is nothing to do. */
export async function removeCheckedFile(target: CheckedWriteTarget, requestedPath: string): Promise<void> {
  await withCheckedTarget(target, requestedPath, false, async (folder, name, rules) => {
    if (!folder || !(await assertReplaceable(folder, name, rules, 'delete'))) return;
    await folder.recheck();
    await unlink(folder.entry(name)).catch((error: NodeJS.ErrnoException) => {
      // Gone meanwhile: what the restore wanted.
      if (error.code !== 'ENOENT') throw error;
    });
  });
}

/** The rules, and how refusals name the file being changed. */
type ShownRules = ChangeRules & { shownPath: string };

/** The folder of the file (undefined: it does not exist and `create` is not set), opened and judged. */
async function withCheckedTarget(
  target: CheckedWriteTarget,
  requestedPath: string,
  create: boolean,
  use: (folder: CheckedFolder | undefined, name: string, rules: ShownRules) => Promise<void>,
): Promise<void> {
  const names = relativeNames(requestedPath);
  const rules: ShownRules = {
    realRoot: await realWorkspaceRoot(target.root),
    protectedFolders: await Promise.all(target.protectedFolders.map(realPathOrResolved)),
    shownPath: requestedPath,
  };
  const folder = await fileSystemErrors(requestedPath, () => openCheckedFolder(rules, names.slice(0, -1), { create }));
  try {
    await fileSystemErrors(requestedPath, () => use(folder, names.at(-1)!, rules));
  } finally {
    await folder?.close();
  }
}

/**
 * Whether there is a file to change at `name` (false: nothing is there); throws for anything a
 * restore leaves alone: a folder, a link to be written through, a FIFO, a device, a socket.
 */
async function assertReplaceable(folder: CheckedFolder, name: string, rules: ShownRules, access: ChangeAccess): Promise<boolean> {
  const realPath = path.join(folder.realPath, name);
  if (rules.protectedFolders.some((protectedFolder) => isInsideOrSame(protectedFolder, realPath))) {
    throw new WorkspaceError('protected-path', `${rules.shownPath} is Baton's own data folder, which no agent or rewind changes.`);
  }
  const stats = await lstatOrUndefined(folder.entry(name));
  if (!stats) return false;
  if (stats.isFile() || (stats.isSymbolicLink() && access === 'delete')) return true;
  const [code, kind] = stats.isSymbolicLink()
    ? (['symbolic-link', 'a symbolic link'] as const)
    : stats.isDirectory()
      ? (['is-directory', 'a folder'] as const)
      : (['not-a-regular-file', describeKind(stats)] as const);
  throw new WorkspaceError(code, `${rules.shownPath} is ${kind} now; a rewind replaces only regular files, so it was left as it is.`);
}

/**
 * The names of a workspace-relative path, each a real step down: `.` steps are dropped, and a
 * path that climbs out of the workspace (`..`), is absolute, or names `.git` anywhere is refused.
 */
function relativeNames(requestedPath: string): string[] {
  const normalized = path.posix.normalize(requestedPath);
  if (requestedPath.length === 0 || requestedPath.includes('\0') || normalized === '.') {
    throw new WorkspaceError('invalid-path', `${JSON.stringify(requestedPath)} names no file in the workspace.`);
  }
  if (path.posix.isAbsolute(normalized) || normalized === '..' || normalized.startsWith('../')) {
    throw new WorkspaceError('outside-workspace', `${requestedPath} is outside the workspace.`);
  }
  const names = normalized.split('/').filter((name) => name !== '' && name !== '.');
  if (names.some(isGitName)) {
    throw new WorkspaceError(
      'git-folder',
      `${requestedPath} is in .git, where a rewind never writes (a hook or config written there would run with the next git command).`,
    );
  }
  return names;
}

/** A failure of the file system's own (a full disk, a permission) becomes this file's, in words. */
async function fileSystemErrors<T>(shownPath: string, change: () => Promise<T>): Promise<T> {
  try {
    return await change();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (error instanceof WorkspaceError || typeof code !== 'string') throw error;
    throw new WorkspaceError('write-failed', `${shownPath} could not be written (the file system said ${code}).`, { cause: error });
  }
}
