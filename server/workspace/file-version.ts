/**
 * A file's version (specs/acp-threads.md, `FileVersion`): it changes whenever the file does, and
 * is cheap, because it is read off the file's metadata rather than hashed from its bytes.
 *
 * Derived from the device and inode (a file replaced by a rename is a new file even with the same
 * size and time), the size, and the modification and change times in nanoseconds (ctime also
 * moves when a tool sets mtime back). Those are hashed down to 53 bits, so that a version is a
 * safe JSON integer (FileVersionSchema); two different states colliding is a 2^-53 chance.
 */
import type { BigIntStats } from 'node:fs';
import { createHash } from 'node:crypto';

export type VersionStats = Pick<BigIntStats, 'dev' | 'ino' | 'size' | 'mtimeNs' | 'ctimeNs'>;

export function fileVersion(stats: VersionStats): number {
  const identity = `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;
  const digest = createHash('sha256').update(identity).digest();
  // 6 bytes and 5 bits: 53 bits, the largest integer a JSON number carries exactly.
  return digest.readUIntBE(0, 6) * 32 + (digest[6]! >> 3);
}
