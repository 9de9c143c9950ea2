/**
 * How a workspace file is written: the new content goes to a temporary file in the same folder,
 * which is then renamed over the old name. A file that is a hard link to one outside the workspace
 * (st_nlink > 1) is thereby unlinked from it, never rewritten through it, so nothing outside the
 * workspace changes; and a reader never sees half a file. Only regular files are replaced: a FIFO
 * or a device at the path is refused, as a read of it would be.
 *
 * Permission bits are never taken from anywhere but the file replaced: a new file gets the
 * umask's default (never executable), a replaced one keeps its read, write and execute bits, and
 * loses set-user-ID, set-group-ID and sticky bits, as a write to it would (a set-user-ID program
 * whose content an agent chose must not stay one).
 */
import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { type FileHandle, open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { assertRegularFile } from './regular-file';
import { lstatOrUndefined } from './workspace-entries';

const CREATE_FLAGS = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0);

export interface ReplaceOptions {
  /**
   * Called once the temporary file is written, before it is renamed over the old name: throws to
   * stop the change (the temporary file is then removed). A restore checks there that the folder
   * is still the one it judged (checked-write.ts).
   */
  beforeRename?: (temporary: { handle: FileHandle; path: string }) => Promise<void>;
}

/**
 * Writes `content` at `absolute` (resolved inside the workspace; its folder exists) by temporary
 * file and rename. Throws WorkspaceError for a path that is not a regular file.
 */
export async function replaceRegularFile(
  absolute: string,
  content: string | Uint8Array,
  shownPath: string,
  options: ReplaceOptions = {},
): Promise<void> {
  const existing = await lstatOrUndefined(absolute);
  if (existing) assertRegularFile(existing, shownPath);
  const temporary = path.join(path.dirname(absolute), `.${path.basename(absolute)}.baton-${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temporary, CREATE_FLAGS, 0o666);
  try {
    try {
      // The umask applied at creation; an existing file's own bits (an executable script) are kept.
      if (existing) await handle.chmod(existing.mode & 0o777);
      await (typeof content === 'string' ? handle.writeFile(content, 'utf8') : handle.writeFile(content));
      await handle.datasync();
      await options.beforeRename?.({ handle, path: temporary });
    } finally {
      await handle.close();
    }
    await rename(temporary, absolute);
  } catch (error) {
    await unlink(temporary).catch((cleanup: unknown) => {
      throw new AggregateError([error, cleanup], `Writing ${shownPath} failed, and its temporary file ${temporary} remains.`);
    });
    throw error;
  }
}
