/**
 * Reads a .zip archive (yauzl) for an agent's binary distribution; its entries are judged and
 * written by archive-entries.ts, as a tar's are. The file type comes from the Unix mode a zip made
 * on Unix keeps in its external attributes: a symbolic link's target is its content; a device or
 * a FIFO refuses the archive. A zip made elsewhere has no mode: its entries are files or folders.
 */
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { type ArchiveEntry, MAX_UNPACKED_BYTES, UnsafeArchiveError, writeArchiveEntries } from './archive-entries';

const TYPE_MASK = 0o170000;
const REGULAR = 0o100000;
const DIRECTORY = 0o040000;
const SYMLINK = 0o120000;
/** General purpose flag bit 11: the name is UTF-8 (otherwise IBM code page 437, read here as Latin-1). */
const UTF8_NAME = 0x800;

function open(archive: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    // Names are decoded here, not by yauzl, so that a `../` name gets the same refusal as in a tar.
    yauzl.fromBuffer(archive, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    ),
  );
}

function content(zip: ZipFile, entry: Entry): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    }),
  );
}

function entryType(name: string, unixMode: number): ArchiveEntry['type'] {
  const type = unixMode & TYPE_MASK;
  if (type === SYMLINK) return 'symlink';
  if (type === DIRECTORY || (type === 0 && name.endsWith('/'))) return 'directory';
  if (type === REGULAR || type === 0) return 'file';
  throw new UnsafeArchiveError(`${JSON.stringify(name)} is not a regular file, folder or symbolic link (mode ${unixMode.toString(8)})`);
}

async function readEntries(archive: Buffer): Promise<ArchiveEntry[]> {
  const zip = await open(archive);
  const entries: ArchiveEntry[] = [];
  let unpacked = 0;
  try {
    for (;;) {
      const entry = await new Promise<Entry | undefined>((resolve, reject) => {
        zip.once('entry', resolve);
        zip.once('end', () => resolve(undefined));
        zip.once('error', reject);
        zip.readEntry();
      });
      zip.removeAllListeners();
      if (!entry) return entries;
      const raw = entry.fileName as unknown as Buffer;
      const name = raw.toString(entry.generalPurposeBitFlag & UTF8_NAME ? 'utf8' : 'latin1');
      const unixMode = entry.externalFileAttributes >>> 16;
      const type = entryType(name, unixMode);
      unpacked += entry.uncompressedSize;
      if (unpacked > MAX_UNPACKED_BYTES) throw new UnsafeArchiveError(`it unpacks to more than ${MAX_UNPACKED_BYTES} bytes`);
      const data = type === 'directory' ? Buffer.alloc(0) : await content(zip, entry);
      const mode = unixMode & 0o777 || (type === 'directory' ? 0o755 : 0o644);
      entries.push({ name, type, mode, data, linkTarget: type === 'symlink' ? data.toString('utf8') : '' });
    }
  } finally {
    zip.close();
  }
}

/** Unpacks a .zip into `folder`, every entry checked before anything is written. */
export async function extractZip(archive: Buffer, folder: string): Promise<void> {
  const entries = await readEntries(archive).catch((error: unknown) => {
    if (error instanceof UnsafeArchiveError) throw error;
    throw new UnsafeArchiveError(`the zip could not be read: ${error instanceof Error ? error.message : String(error)}`);
  });
  await writeArchiveEntries(entries, folder);
}
