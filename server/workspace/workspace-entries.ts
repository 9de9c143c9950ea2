/**
 * Paths that name an entry itself rather than what it points to, for the operations that act on
 * entries (moves, write protection). Resolving the parent folder through the jail and keeping the
 * last name as it is means a symbolic link is judged as a link, never followed to its target.
 */
import type { Stats } from 'node:fs';
import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { realWorkspaceRoot, resolveWorkspacePath } from './resolve-workspace-path';
import { WorkspaceError } from './workspace-error';

/**
 * The real absolute path of the entry `requestedPath` names, without following a symbolic link
 * in its last segment. The whole path is still resolved first, so one that leaves the workspace
 * (a link pointing out included) is refused exactly as a read or write would be.
 */
export async function resolveWorkspaceEntry(root: string, requestedPath: string): Promise<string> {
  const full = await resolveWorkspacePath(root, requestedPath);
  const normalized = path.normalize(requestedPath);
  const name = path.basename(normalized);
  if (full === (await realWorkspaceRoot(root)) || name === '.' || name === '..') return full;
  return path.join(await resolveWorkspacePath(root, path.dirname(normalized)), name);
}

/** The entry's own stats (a link is a link), or undefined when nothing is there. */
export async function lstatOrUndefined(absolute: string): Promise<Stats | undefined> {
  try {
    return await lstat(absolute);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
}

/** True when `inner` is `outer` or lies inside it, comparing whole path segments. */
export function isInsideOrSame(outer: string, inner: string): boolean {
  const relative = path.relative(outer, inner);
  return relative === '' || (!path.isAbsolute(relative) && relative.split(path.sep)[0] !== '..');
}

/** The real path of a folder that may not exist yet (then taken as written, made absolute). */
export async function realPathOrResolved(folder: string): Promise<string> {
  try {
    return await realpath(folder);
  } catch (error) {
    // A protected folder that does not exist yet still protects the place where it will be.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return path.resolve(folder);
    throw error;
  }
}

/** A test of whether a real absolute path lies in (or is) one of the protected folders. */
export async function protectedMatcher(protectedFolders: readonly string[]): Promise<(absolute: string) => boolean> {
  const folders = await Promise.all(protectedFolders.map(realPathOrResolved));
  return (absolute) => folders.some((folder) => isInsideOrSame(folder, absolute));
}

/**
 * Refuses a read or a change inside a protected folder; with `containingCounts` (a moved folder) also one
 * that would carry a protected folder away with it.
 */
export async function assertNotProtected(
  protectedFolders: readonly string[],
  absolute: string,
  requestedPath: string,
  { containingCounts = false }: { containingCounts?: boolean } = {},
): Promise<void> {
  for (const folder of protectedFolders) {
    const protectedFolder = await realPathOrResolved(folder);
    if (isInsideOrSame(protectedFolder, absolute) || (containingCounts && isInsideOrSame(absolute, protectedFolder))) {
      throw new WorkspaceError(
        'protected-path',
        `${requestedPath} is in Baton's own data folder, which agents may neither read nor change.`,
      );
    }
  }
}
