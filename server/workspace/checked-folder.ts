/**
 * A workspace folder opened for a change that must land where it was judged (a rewind's restore,
 * server/rewind/restore-writes.ts). The folder is reached from the workspace's real root one name
 * at a time, each folder opened before the next name is looked up in it, and each is judged by
 * where the opened folder really is (on Linux the kernel's own name for the descriptor), never by
 * a path string that could be swapped in between. A folder that lies outside the workspace, in a
 * `.git` folder at any depth, or in a protected folder (Baton's data folder) is refused, whether
 * it is reached through a symbolic link or not. Names inside the opened folder are then reached
 * through its descriptor (`/proc/self/fd/N/name`), so a later swap of a folder above it cannot
 * redirect them.
 */
import { constants } from 'node:fs';
import { access, type FileHandle, lstat, mkdir, open, readlink, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { WorkspaceError } from './workspace-error';
import { isInsideOrSame, lstatOrUndefined } from './workspace-entries';

/** A link to a folder is followed here: the folder it leads to is judged by where it really is. */
const FOLDER_FLAGS = constants.O_RDONLY | (constants.O_DIRECTORY ?? 0) | (constants.O_NONBLOCK ?? 0);
const PROC_FDS = '/proc/self/fd';

export interface ChangeRules {
  /** The workspace root's real path. */
  realRoot: string;
  /** Real paths of the folders no change may enter. */
  protectedFolders: readonly string[];
}

export interface CheckedFolder {
  /** Where the folder really is, as last judged. */
  readonly realPath: string;
  /** A path that names `name` inside this very folder, whatever happens to the folders above. */
  entry(name: string): string;
  /** Judges the opened folder again where it is now (it may have been moved since it was opened). */
  recheck(): Promise<void>;
  close(): Promise<void>;
}

/** True for a `.git` name, a folder or a worktree's `.git` file alike (any case: some file systems ignore it). */
export function isGitName(name: string): boolean {
  return name.toLowerCase() === '.git';
}

/**
 * Opens the folder `names` (workspace-relative, already free of `.`, `..` and `.git`) below the
 * root. Missing folders are made when `create` is set; otherwise undefined says one is missing.
 * Throws WorkspaceError with the reason for a folder that may not be changed.
 */
export async function openCheckedFolder(
  rules: ChangeRules,
  names: readonly string[],
  { create }: { create: boolean },
): Promise<CheckedFolder | undefined> {
  let folder = await openFolder(rules.realRoot, rules.realRoot, '.', false, rules);
  try {
    for (const [index, name] of names.entries()) {
      const next = await openChild(folder, name, names.slice(0, index + 1).join('/'), rules, create);
      await folder.close();
      if (!next) return undefined;
      folder = next;
    }
    return folder;
  } catch (error) {
    await folder.close();
    throw error;
  }
}

async function openChild(
  parent: CheckedFolder,
  name: string,
  shownFolder: string,
  rules: ChangeRules,
  create: boolean,
): Promise<CheckedFolder | undefined> {
  const entry = parent.entry(name);
  let stats = await lstatOrUndefined(entry);
  if (!stats) {
    if (!create) return undefined;
    await mkdir(entry).catch((error: NodeJS.ErrnoException) => {
      // Made meanwhile by someone else: judged below like any folder that was there.
      if (error.code !== 'EEXIST') throw error;
    });
    stats = await lstat(entry);
  }
  if (!stats.isDirectory() && !stats.isSymbolicLink()) {
    throw new WorkspaceError('not-a-folder', `${shownFolder} is not a folder any more.`);
  }
  return openFolder(entry, path.join(parent.realPath, name), shownFolder, stats.isSymbolicLink(), rules);
}

async function openFolder(
  entry: string,
  expected: string,
  shownFolder: string,
  isLink: boolean,
  rules: ChangeRules,
): Promise<CheckedFolder> {
  let handle: FileHandle;
  try {
    handle = await open(entry, FOLDER_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && isLink) {
      throw new WorkspaceError('dangling-symlink', `${shownFolder} is a symbolic link whose target does not exist.`, { cause: error });
    }
    if (code === 'ENOTDIR' || code === 'ENOENT' || code === 'ELOOP') {
      throw new WorkspaceError('not-a-folder', `${shownFolder} is not a folder any more.`, { cause: error });
    }
    throw error;
  }
  try {
    const checked = await placeOf(handle, expected);
    assertAllowedPlace(checked, shownFolder, isLink, rules);
    const anchor = (await hasProcFds()) ? path.join(PROC_FDS, String(handle.fd)) : checked;
    const folder = {
      realPath: checked,
      entry: (name: string) => path.join(anchor, name),
      async recheck() {
        const now = await placeOf(handle, folder.realPath);
        assertAllowedPlace(now, shownFolder, isLink, rules);
        folder.realPath = now;
      },
      close: () => handle.close(),
    };
    return folder;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/**
 * Where an opened folder is now. On Linux the kernel names the descriptor itself; elsewhere the
 * real path of the name it was opened by, provided that still names the same folder.
 */
async function placeOf(handle: FileHandle, expected: string): Promise<string> {
  if (await hasProcFds()) return readlink(path.join(PROC_FDS, String(handle.fd)));
  const real = await realpath(expected);
  const [opened, named] = await Promise.all([handle.stat(), stat(real)]);
  if (opened.dev !== named.dev || opened.ino !== named.ino) {
    throw new WorkspaceError('not-a-folder', `${expected} was replaced while it was being restored.`);
  }
  return real;
}

function assertAllowedPlace(realPath: string, shownFolder: string, isLink: boolean, rules: ChangeRules): void {
  const refused = (code: 'outside-workspace' | 'git-folder' | 'protected-path', place: string, why = '') =>
    new WorkspaceError(code, `${shownFolder} ${isLink ? `is a symbolic link into ${place}` : `is in ${place}`}${why}.`);
  if (!isInsideOrSame(rules.realRoot, realPath)) {
    throw new WorkspaceError(
      'outside-workspace',
      `${shownFolder} ${isLink ? 'is a symbolic link that leads' : 'is'} outside the workspace.`,
    );
  }
  if (path.relative(rules.realRoot, realPath).split(path.sep).some(isGitName)) {
    throw refused(
      'git-folder',
      '.git',
      ', where a rewind never writes (a hook or config written there would run with the next git command)',
    );
  }
  if (rules.protectedFolders.some((folder) => isInsideOrSame(folder, realPath))) {
    throw refused('protected-path', "Baton's own data folder", ', which no agent or rewind changes');
  }
}

let procFds: Promise<boolean> | undefined;

/** Whether descriptors can be named through /proc (Linux with /proc mounted). */
function hasProcFds(): Promise<boolean> {
  procFds ??= access(PROC_FDS).then(
    () => true,
    () => false,
  );
  return procFds;
}
