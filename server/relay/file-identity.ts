/**
 * What tells one version of a file (or link, or error) from the next without reading it: a stat's
 * device, inode, size, times, mode and owner. The relay re-reads a file it follows (the token file,
 * the users' config) only when this changed, so a check costs one `lstat`.
 */
import { lstat } from 'node:fs/promises';

export async function fileIdentity(file: string): Promise<string> {
  try {
    const stats = await lstat(file, { bigint: true });
    return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}:${stats.mode}:${stats.uid}`;
  } catch (error) {
    // Told apart like any other state: reading it again says what is wrong.
    return `error:${(error as NodeJS.ErrnoException).code ?? String(error)}`;
  }
}
