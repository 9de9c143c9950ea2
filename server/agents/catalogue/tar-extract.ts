/**
 * Reads a tar archive (plain, gzip or bzip2) for an agent's binary distribution; its entries are
 * judged and written by archive-entries.ts. A hard link, a device or a FIFO refuses the archive.
 */
import { gunzipSync } from 'node:zlib';
import Bunzip from 'seek-bzip';
import { type ArchiveEntry, MAX_UNPACKED_BYTES, UnsafeArchiveError, writeArchiveEntries } from './archive-entries';

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

function readEntries(tar: Buffer): ArchiveEntry[] {
  const entries: ArchiveEntry[] = [];
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

export function isGzip(bytes: Buffer): boolean {
  return bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** bzip2's magic: "BZh" and a block size digit. */
export function isBzip2(bytes: Buffer): boolean {
  return bytes.length > 4 && bytes.toString('latin1', 0, 3) === 'BZh' && bytes[3]! >= 0x31 && bytes[3]! <= 0x39;
}

/** bzip2 has no size in its header: the output grows, and stops at MAX_UNPACKED_BYTES. */
function bunzip(archive: Buffer): Buffer {
  let output = Buffer.alloc(Math.min(MAX_UNPACKED_BYTES, archive.length * 4 + 1024));
  let length = 0;
  Bunzip.decode(
    archive,
    {
      writeByte(byte) {
        if (length === output.length) {
          if (length === MAX_UNPACKED_BYTES) throw new Error(`it unpacks to more than ${MAX_UNPACKED_BYTES} bytes`);
          const grown = Buffer.alloc(Math.min(MAX_UNPACKED_BYTES, length * 2));
          output.copy(grown);
          output = grown;
        }
        output[length++] = byte;
      },
    },
    true,
  );
  return output.subarray(0, length);
}

function decompressed(archive: Buffer): Buffer {
  try {
    if (isGzip(archive)) return gunzipSync(archive, { maxOutputLength: MAX_UNPACKED_BYTES });
    if (isBzip2(archive)) return bunzip(archive);
  } catch (error) {
    throw new UnsafeArchiveError(`the archive could not be decompressed: ${error instanceof Error ? error.message : String(error)}`);
  }
  return archive;
}

/** Unpacks a tar archive (plain, gzip or bzip2) into `folder`, every entry checked first. */
export async function extractTar(archive: Buffer, folder: string): Promise<void> {
  await writeArchiveEntries(readEntries(decompressed(archive)), folder);
}
