/**
 * Moving (renaming) a file or folder inside the workspace. Both ends name entries, not what they
 * point to (resolveWorkspaceEntry), and both must stay inside the workspace and outside its
 * protected folders.
 */
import { realWorkspaceRoot, toWorkspaceRelative } from './resolve-workspace-path';
import { WorkspaceError } from './workspace-error';
import { assertNotProtected, isInsideOrSame, lstatOrUndefined, resolveWorkspaceEntry } from './workspace-entries';

export interface MoveOptions {
  /** Replace a file already at the destination; refused otherwise. */
  overwrite?: boolean;
}

export interface MovePlan {
  /** Real absolute paths of the entry and of where it goes. */
  from: string;
  to: string;
  /** Workspace-relative `/` forms, for messages and diff headers. */
  fromPath: string;
  toPath: string;
  isDirectory: boolean;
  /** True when a file already at `to` will be replaced. */
  replaces: boolean;
}

/**
 * Checks a move without making it: the source exists and is not a symbolic link (moved elsewhere,
 * a relative link would point somewhere else, and moving its target instead would surprise), a
 * folder does not go into itself, and nothing is replaced unless `overwrite` (a folder never).
 * Throws WorkspaceError with the reason.
 */
export async function planWorkspaceMove(
  root: string,
  protectedFolders: readonly string[],
  from: string,
  to: string,
  { overwrite = false }: MoveOptions = {},
): Promise<MovePlan> {
  const realRoot = await realWorkspaceRoot(root);
  const source = await resolveWorkspaceEntry(root, from);
  const target = await resolveWorkspaceEntry(root, to);
  const sourceStats = await lstatOrUndefined(source);
  if (!sourceStats) throw new WorkspaceError('not-found', `${from} does not exist.`);
  if (source === realRoot) throw new WorkspaceError('invalid-path', 'The workspace folder itself cannot be moved.');
  if (sourceStats.isSymbolicLink()) {
    throw new WorkspaceError('symbolic-link', `${from} is a symbolic link; only files and folders can be moved.`);
  }
  if (source === target) throw new WorkspaceError('invalid-path', `${from} and ${to} are the same path.`);
  if (sourceStats.isDirectory() && isInsideOrSame(source, target)) {
    throw new WorkspaceError('invalid-path', `The folder ${from} cannot be moved into itself.`);
  }
  const targetStats = await lstatOrUndefined(target);
  if (targetStats && !overwrite) {
    throw new WorkspaceError('already-exists', `${to} already exists; set overwrite to replace it.`);
  }
  if (targetStats && (targetStats.isDirectory() || sourceStats.isDirectory())) {
    throw new WorkspaceError('already-exists', `${to} already exists, and a move never replaces or merges folders.`);
  }
  await assertNotProtected(protectedFolders, source, from, { containingCounts: true });
  await assertNotProtected(protectedFolders, target, to);
  return {
    from: source,
    to: target,
    fromPath: toWorkspaceRelative(realRoot, source),
    toPath: toWorkspaceRelative(realRoot, target),
    isDirectory: sourceStats.isDirectory(),
    replaces: targetStats !== undefined,
  };
}
