/**
 * Pages of lines from a text file too large to read whole (a 50 MB log), without reading the whole
 * file for each page. The first page asked of a file's version makes an index in one streaming
 * pass (1 MB at a time, never the whole file in memory): the byte offset of every LINE_STRIDE-th
 * line's start, and the line count. A page then seeks to the nearest indexed line before it and
 * reads forward. Indexes are kept per file, for its current version only, in a cache bounded by
 * MAX_CACHED_INDEXES (least recently used dropped first).
 */
import type { FileHandle } from 'node:fs/promises';
import type { OpenRegularFile } from './regular-file';
import { WorkspaceError } from './workspace-error';

export const LINE_STRIDE = 256;
const MAX_CACHED_INDEXES = 8;
const SCAN_CHUNK_BYTES = 1024 * 1024;
const PAGE_CHUNK_BYTES = 64 * 1024;
const NEWLINE = 0x0a;

export interface LineIndex {
  /** Bytes indexed: the size the file had when the index was made. */
  size: number;
  /** Lines, the last one counted even without a final newline. */
  lineCount: number;
  /** checkpoints[k] is the byte offset where line k * LINE_STRIDE starts. */
  checkpoints: Float64Array;
}

export class LineIndexCache {
  private readonly indexes = new Map<string, { version: number; index: Promise<LineIndex> }>();

  /** The index of the open file's version, made now or taken from the cache. */
  indexOf(absolute: string, file: OpenRegularFile): Promise<LineIndex> {
    const cached = this.indexes.get(absolute);
    this.indexes.delete(absolute);
    if (cached && cached.version === file.version) {
      this.indexes.set(absolute, cached);
      return cached.index;
    }
    const index = buildLineIndex(file.handle, file.stats.size);
    const entry = { version: file.version, index };
    this.indexes.set(absolute, entry);
    // A failed scan is not kept: the next page tries again.
    index.catch(() => {
      if (this.indexes.get(absolute) === entry) this.indexes.delete(absolute);
    });
    for (const key of this.indexes.keys()) {
      if (this.indexes.size <= MAX_CACHED_INDEXES) break;
      this.indexes.delete(key);
    }
    return index;
  }

  get size(): number {
    return this.indexes.size;
  }
}

/** One pass over the first `size` bytes, counting newlines. */
export async function buildLineIndex(handle: FileHandle, size: number): Promise<LineIndex> {
  const checkpoints = [0];
  const buffer = Buffer.allocUnsafe(Math.min(SCAN_CHUNK_BYTES, Math.max(size, 1)));
  let newlines = 0;
  let position = 0;
  let lastByte = NEWLINE;
  while (position < size) {
    const { bytesRead } = await handle.read(buffer, 0, Math.min(buffer.length, size - position), position);
    if (bytesRead === 0) break;
    const chunk = buffer.subarray(0, bytesRead);
    for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) {
      newlines += 1;
      if (newlines % LINE_STRIDE === 0) checkpoints.push(position + at + 1);
    }
    lastByte = chunk[bytesRead - 1]!;
    position += bytesRead;
  }
  return { size: position, lineCount: newlines + (lastByte === NEWLINE ? 0 : 1), checkpoints: Float64Array.from(checkpoints) };
}

/**
 * The bytes of lines [lineOffset, lineOffset + lineLimit), each with its own line ending. Throws
 * `file-too-large` when they come to more than `maxBytes` (a page of very long lines).
 */
export async function readLinePage(
  file: OpenRegularFile,
  index: LineIndex,
  { lineOffset, lineLimit, maxBytes, shownPath }: { lineOffset: number; lineLimit: number; maxBytes: number; shownPath: string },
): Promise<Buffer> {
  if (lineOffset >= index.lineCount) return Buffer.alloc(0);
  const start = await findLineStart(file.handle, index, lineOffset);
  const chunks: Buffer[] = [];
  let total = 0;
  let remaining = lineLimit;
  let position = start;
  while (position < index.size && remaining > 0) {
    const chunk = await readChunk(file.handle, position, Math.min(PAGE_CHUNK_BYTES, index.size - position));
    if (chunk.length === 0) break;
    let end = chunk.length;
    for (let at = chunk.indexOf(NEWLINE); at !== -1 && remaining > 0; at = chunk.indexOf(NEWLINE, at + 1)) {
      remaining -= 1;
      if (remaining === 0) end = at + 1;
    }
    chunks.push(chunk.subarray(0, end));
    total += end;
    position += chunk.length;
    if (total > maxBytes) {
      throw new WorkspaceError(
        'file-too-large',
        `Lines ${lineOffset + 1} to ${lineOffset + lineLimit} of ${shownPath} come to more than ${maxBytes} bytes; ask for fewer lines.`,
      );
    }
  }
  return Buffer.concat(chunks, total);
}

/** Seeks to the indexed line at or before `line`, then skips forward (fewer than LINE_STRIDE lines). */
async function findLineStart(handle: FileHandle, index: LineIndex, line: number): Promise<number> {
  const stride = Math.floor(line / LINE_STRIDE);
  let position = index.checkpoints[stride] ?? index.size;
  let toSkip = line - stride * LINE_STRIDE;
  while (toSkip > 0 && position < index.size) {
    const chunk = await readChunk(handle, position, Math.min(PAGE_CHUNK_BYTES, index.size - position));
    if (chunk.length === 0) break;
    for (let at = chunk.indexOf(NEWLINE); at !== -1; at = chunk.indexOf(NEWLINE, at + 1)) {
      toSkip -= 1;
      if (toSkip === 0) return position + at + 1;
    }
    position += chunk.length;
  }
  return position;
}

async function readChunk(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.allocUnsafe(length);
  const { bytesRead } = await handle.read(buffer, 0, length, position);
  return buffer.subarray(0, bytesRead);
}
