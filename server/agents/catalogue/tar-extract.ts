/**
 * Unpacks a tar archive (gzip-compressed or not) into a folder, for an agent's binary
 * distribution. The archive comes from the network, so every entry is judged before anything is
 * written: a path that leaves the folder, a link (hard, or symbolic to outside the folder), and
 * anything but a regular file or a folder (devices, FIFOs) refuse the whole archive.
 */
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

export class UnsafeArchiveError extends Error {
  override readonly name = 'UnsafeArchiveError';
}

interface TarEntry {
  name: string;
  type: 'file' | 'directory' | 'symlink';
  mode: number;
  data: Buffer;
  linkTarget: string;
}

const BLOCK = 512;

function field(header: Buffer, start: number, length: number): string {
  const raw = header.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function octal(header: Buffer, start: number, length: number): number {
  const text = field(header, start, length).trim();
  return text === '' ? 0 : Number.parseInt(text, 8);
}

/** The `path` and `linkpath` records of a pax header, which override the next entry's fields. */
function paxRecords(data: Buffer): Map<string, string> {
  const records = new Map<string, string>();
  for (const line of data.toString('utf8').split('\n')) {
    const match = /^\d+ ([^=]+)=(.*)$/.exec(line);
    if (match) records.set(match[1]!, match[2]!);
  }
  return records;
}

function readEntries(tar: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  let longName: string | undefined;
  let pax = new Map<string, string>();
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) break;
    const size = octal(header, 124, 12);
    const typeflag = String.fromCharCode(header[156]!);
    const data = tar.subarray(offset + BLOCK, offset + BLOCK + size);
    if (data.length < size) throw new UnsafeArchiveError('the archive is cut short');
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (typeflag === 'x') {
      pax = paxRecords(data);
      continue;
    }
    if (typeflag === 'g') continue;
    if (typeflag === 'L') {
      longName = field(data, 0, data.length);
      continue;
    }
    const prefix = field(header, 345, 155);
    const name = pax.get('path') ?? longName ?? (prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100));
    const linkTarget = pax.get('linkpath') ?? field(header, 157, 100);
    longName = undefined;
    pax = new Map();
    const type =
      typeflag === '0' || typeflag === '\0' || typeflag === '7'
        ? 'file'
        : typeflag === '5'
          ? 'directory'
          : typeflag === '2'
            ? 'symlink'
            : undefined;
    if (type === undefined)
      throw new UnsafeArchiveError(
        `${JSON.stringify(name)} is not a regular file, folder or symbolic link (tar type ${JSON.stringify(typeflag)})`,
      );
    entries.push({ name, type, mode: octal(header, 100, 8), data, linkTarget });
  }
  return entries;
}

function inside(folder: string, target: string): boolean {
  const relative = path.relative(folder, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

export function isGzip(bytes: Buffer): boolean {
  return bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** Checks every entry, then writes them; nothing is written from an archive with one bad entry. */
export async function extractTar(archive: Buffer, folder: string): Promise<void> {
  const entries = readEntries(isGzip(archive) ? gunzipSync(archive) : archive);
  const root = path.resolve(folder);
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
