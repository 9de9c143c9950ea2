/**
 * Reads of a part of a workspace file (specs/acp-threads.md, `readTextFile` with `lineOffset` /
 * `lineLimit`, `readBinaryFile` with `byteOffset` / `byteLimit`), on a path already resolved and
 * checked. A file up to MAX_TEXT_FILE_BYTES is read whole and cut; a larger one is read a page of
 * lines at a time through its line index (line-index.ts), so a 50 MB log is never read whole.
 */
import { MAX_BINARY_PAGE_BYTES } from '../../lib/protocol/workspace-files';
import { type LineIndexCache, readLinePage } from './line-index';
import { readAtMost, withRegularFile } from './regular-file';
import { WorkspaceError } from './workspace-error';

/** Larger texts are never answered in one piece: they would flood the browser and the model's context alike. */
export const MAX_TEXT_FILE_BYTES = 1024 * 1024;
export { MAX_BINARY_PAGE_BYTES };

export interface ReadTextFileOptions {
  /** Lines to skip from the start (0-based). */
  lineOffset?: number;
  /** At most this many lines after the offset. */
  lineLimit?: number;
}

export interface TextFile {
  /** file-version.ts: changes whenever the file does. */
  version: number;
  content: string;
  /** Lines in the whole file, the last one counted without a final newline too. */
  lineCount: number;
  /** Bytes in the whole file. */
  size: number;
}

export interface ReadBinaryFileOptions {
  byteOffset?: number;
  byteLimit?: number;
}

export interface BinaryPage {
  version: number;
  bytes: Buffer;
  /** Bytes in the whole file. */
  size: number;
}

export async function readTextPage(
  absolute: string,
  shownPath: string,
  options: ReadTextFileOptions,
  indexes: LineIndexCache,
): Promise<TextFile> {
  return withRegularFile(absolute, shownPath, async (file) => {
    const { version, stats } = file;
    if (stats.size <= MAX_TEXT_FILE_BYTES) {
      const text = decodeText(await readAtMost(file.handle, shownPath, MAX_TEXT_FILE_BYTES), shownPath);
      return { version, content: selectLines(text, options), lineCount: countLines(text), size: Buffer.byteLength(text) };
    }
    if (options.lineLimit === undefined) {
      throw new WorkspaceError(
        'file-too-large',
        `The file ${shownPath} is ${stats.size} bytes; whole reads are limited to ${MAX_TEXT_FILE_BYTES} bytes. Read it by pages with lineOffset and lineLimit.`,
      );
    }
    const index = await indexes.indexOf(absolute, file);
    const bytes = await readLinePage(file, index, {
      lineOffset: options.lineOffset ?? 0,
      lineLimit: options.lineLimit,
      maxBytes: MAX_TEXT_FILE_BYTES,
      shownPath,
    });
    return { version, content: decodeText(bytes, shownPath), lineCount: index.lineCount, size: index.size };
  });
}

export async function readBinaryPage(absolute: string, shownPath: string, options: ReadBinaryFileOptions): Promise<BinaryPage> {
  return withRegularFile(absolute, shownPath, async ({ handle, stats, version }) => {
    const byteOffset = options.byteOffset ?? 0;
    const available = Math.max(0, stats.size - byteOffset);
    const length = Math.min(options.byteLimit ?? available, available);
    if (length > MAX_BINARY_PAGE_BYTES) {
      throw new WorkspaceError(
        'file-too-large',
        `The file ${shownPath} has ${length} bytes from byte ${byteOffset}; one read is limited to ${MAX_BINARY_PAGE_BYTES} bytes. Read it by pages with byteOffset and byteLimit.`,
      );
    }
    const buffer = Buffer.alloc(length);
    let filled = 0;
    while (filled < length) {
      const { bytesRead } = await handle.read(buffer, filled, length - filled, byteOffset + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return { version, bytes: buffer.subarray(0, filled), size: stats.size };
  });
}

export function selectLines(content: string, { lineOffset = 0, lineLimit }: ReadTextFileOptions): string {
  if (lineOffset === 0 && lineLimit === undefined) return content;
  // Split after each newline so the selected lines keep their own line endings.
  const lines = content.split(/(?<=\n)/);
  const end = lineLimit === undefined ? undefined : lineOffset + lineLimit;
  return lines.slice(lineOffset, end).join('');
}

function countLines(text: string): number {
  let newlines = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) newlines += 1;
  return newlines + (text.length > 0 && !text.endsWith('\n') ? 1 : 0);
}

/** A NUL byte or bytes that are not UTF-8 mean the file is not text a person or model can read. */
export function decodeText(bytes: Buffer, shownPath: string): string {
  const binary = (cause?: unknown) => new WorkspaceError('binary-file', `The file ${shownPath} is binary, not UTF-8 text.`, { cause });
  if (bytes.includes(0)) throw binary();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    throw binary(error);
  }
}
