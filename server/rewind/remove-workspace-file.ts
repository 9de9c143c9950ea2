/**
 * Removes a file a rewound change created. The path is judged as any write is (inside the
 * workspace, outside Baton's data folder, through symlinks), then the entry itself is unlinked:
 * a symlink is removed as a link, never followed, and a folder is never removed.
 */
import { unlink } from 'node:fs/promises';
import type { Workspace } from '../workspace/workspace';
import { lstatOrUndefined, resolveWorkspaceEntry } from '../workspace/workspace-entries';
import { WorkspaceError } from '../workspace/workspace-error';

export async function removeWorkspaceFile(workspace: Workspace, relativePath: string): Promise<void> {
  await workspace.assertWritable(relativePath);
  const entry = await resolveWorkspaceEntry(workspace.root, relativePath);
  const stats = await lstatOrUndefined(entry);
  if (!stats) return;
  if (!stats.isFile() && !stats.isSymbolicLink()) {
    throw new WorkspaceError('not-a-regular-file', `${relativePath} is no longer a file; it was left as it is.`);
  }
  await unlink(entry);
}
