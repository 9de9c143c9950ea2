/**
 * The one way a workspace file is opened for reading (DESIGN.md, decision 5: only regular files
 * are opened, without blocking). A workspace may hold a FIFO, whose plain open waits for a writer
 * forever and takes a thread of libuv's small pool with it, or a device such as a `/dev/zero`
 * twin, which never ends. So the file is opened non-blocking and without following a link swapped
 * in since the path was resolved, judged by `fstat` on the descriptor actually opened (not by a
 * name that could change in between), and read up to a stated limit, never to its end.
 */
import { constants, type Stats } from 'node:fs';
import { type FileHandle, lstat, open } from 'node:fs/promises';
import { fileVersion } from './file-version';
import { WorkspaceError } from './workspace-error';

/** Flags that do not exist on a platform (Windows has no O_NOFOLLOW) are simply left out. */
const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0) | (constants.O_NOCTTY ?? 0);
const CHUNK_BYTES = 64 * 1024;

export interface RegularFileContent {
  bytes: Buffer;
  /** Of the opened descriptor: what was read is what these describe. */
  stats: Stats;
  /** fileVersion of the opened descriptor. */
  version: number;
}

export interface OpenRegularFile {
  handle: FileHandle;
  stats: Stats;
  version: number;
}

/**
 * Reads the regular file at `absolute` (a path already resolved inside the workspace), at most
 * `maxBytes` of it. Throws WorkspaceError: `not-found`, `is-directory`, `not-a-regular-file`
 * (FIFO, device, socket), `symbolic-link` (a link put there after resolution), `file-too-large`.
 * `shownPath` is how messages name the file.
 */
export async function readRegularFile(absolute: string, shownPath: string, maxBytes: number): Promise<RegularFileContent> {
  return withRegularFile(absolute, shownPath, async ({ handle, stats, version }) => {
    if (stats.size > maxBytes) throw tooLarge(shownPath, `is ${stats.size} bytes`, maxBytes);
    return { bytes: await readAtMost(handle, shownPath, maxBytes), stats, version };
  });
}

/**
 * Opens the regular file at `absolute` as readRegularFile does and hands the open descriptor to
 * `use` (for reads of a part: a page of lines, a range of bytes), closing it afterwards.
 */
export async function withRegularFile<T>(absolute: string, shownPath: string, use: (file: OpenRegularFile) => Promise<T>): Promise<T> {
  const handle = await openForReading(absolute, shownPath);
  try {
    const stats = await handle.stat();
    assertRegularFile(stats, shownPath);
    return await use({ handle, stats, version: fileVersion(await handle.stat({ bigint: true })) });
  } finally {
    await handle.close();
  }
}

/** Throws the WorkspaceError for anything but a regular file (a folder has its own code). */
export function assertRegularFile(stats: Stats, shownPath: string): void {
  if (stats.isFile()) return;
  if (stats.isDirectory()) throw new WorkspaceError('is-directory', `${shownPath} is a folder, not a file.`);
  throw notRegular(shownPath, describeKind(stats));
}

async function openForReading(absolute: string, shownPath: string): Promise<FileHandle> {
  try {
    return await open(absolute, READ_FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new WorkspaceError('not-found', `The file ${shownPath} does not exist.`, { cause: error });
    }
    if (code === 'ELOOP') {
      throw new WorkspaceError('symbolic-link', `${shownPath} became a symbolic link while it was being opened.`, { cause: error });
    }
    // A Unix socket (or a device with no driver behind it) cannot be opened at all.
    if (code === 'ENXIO') throw notRegular(shownPath, describeKind(await lstat(absolute)), error);
    throw error;
  }
}

/** The size `fstat` gave may be stale (or 0 for /proc files): the read itself stops past the limit. */
export async function readAtMost(handle: FileHandle, shownPath: string, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for (;;) {
    const chunk = Buffer.alloc(Math.min(CHUNK_BYTES, maxBytes + 1 - total));
    const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
    if (bytesRead === 0) break;
    chunks.push(chunk.subarray(0, bytesRead));
    total += bytesRead;
    if (total > maxBytes) throw tooLarge(shownPath, 'grew past the limit while it was read', maxBytes);
  }
  return Buffer.concat(chunks, total);
}

/** What an entry that is not a regular file is, in words: `a FIFO (named pipe)`. */
export function describeKind(stats: Stats): string {
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  return 'not a file';
}

function notRegular(shownPath: string, kind: string, cause?: unknown): WorkspaceError {
  return new WorkspaceError(
    'not-a-regular-file',
    `${shownPath} is ${kind}, not a regular file; only regular files can be read or written.`,
    { cause },
  );
}

function tooLarge(shownPath: string, what: string, maxBytes: number): WorkspaceError {
  return new WorkspaceError('file-too-large', `The file ${shownPath} ${what}; reads are limited to ${maxBytes} bytes.`);
}
