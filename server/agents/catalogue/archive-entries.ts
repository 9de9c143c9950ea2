/**
 * What every archive reader (tar-extract.ts, zip-extract.ts) hands over: its entries, judged all
 * together before anything is written. The archive comes from the network, so a path that leaves
 * the folder, a symbolic link to outside it, and anything but a regular file, a folder or a link
 * (devices, FIFOs, hard links) refuse the whole archive.
 */
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

export class UnsafeArchiveError extends Error {
  override readonly name = 'UnsafeArchiveError';
}

export interface ArchiveEntry {
  name: string;
  type: 'file' | 'directory' | 'symlink';
  mode: number;
  data: Buffer;
  linkTarget: string;
}

/** Past this, unpacking stops: an archive that unpacks to more is refused rather than held in memory. */
export const MAX_UNPACKED_BYTES = 1024 * 1024 * 1024;

function inside(folder: string, target: string): boolean {
  const relative = path.relative(folder, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** Throws UnsafeArchiveError for the first entry that would reach outside `root`. */
function judge(entries: readonly ArchiveEntry[], root: string): void {
  for (const entry of entries) {
    const target = path.resolve(root, entry.name);
    if (path.isAbsolute(entry.name) || !inside(root, target))
      throw new UnsafeArchiveError(`the entry ${JSON.stringify(entry.name)} leaves the install folder`);
    if (
      entry.type === 'symlink' &&
      (path.isAbsolute(entry.linkTarget) || !inside(root, path.resolve(path.dirname(target), entry.linkTarget)))
    ) {
      throw new UnsafeArchiveError(`the link ${JSON.stringify(entry.name)} points outside the install folder (${entry.linkTarget})`);
    }
  }
}

/** Checks every entry, then writes them; nothing is written from an archive with one bad entry. */
export async function writeArchiveEntries(entries: readonly ArchiveEntry[], folder: string): Promise<void> {
  const root = path.resolve(folder);
  judge(entries, root);
  await mkdir(root, { recursive: true });
  for (const entry of entries) {
    const target = path.resolve(root, entry.name);
    if (entry.type === 'directory') {
      await mkdir(target, { recursive: true });
      continue;
    }
    await mkdir(path.dirname(target), { recursive: true });
    if (entry.type === 'symlink') await symlink(entry.linkTarget, target);
    // Only the owner's permission bits are kept: no set-uid, nothing writable by others.
    else await writeFile(target, entry.data, { mode: entry.mode & 0o755, flag: 'wx' });
  }
}
