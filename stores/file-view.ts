/**
 * Loading what the file panel's viewer shows: a page of a text file, a picture, or a description
 * of other bytes. The first bytes of the file decide (file-kind.ts); a text read that finds
 * binary bytes further on turns into a description too.
 */
import { MAX_BINARY_PAGE_BYTES } from '../lib/protocol/workspace-file-limits';
import { type BatonRpc, errorMessage } from './baton-rpc';
import { decodeBase64, describeBinary, hexDump, imageTypeOf, looksLikeText } from './file-kind';

/** Lines a page of the viewer shows. */
export const FILE_PAGE_LINES = 500;
/** Bytes read to decide what a file is. */
const SNIFF_BYTES = 8 * 1024;
/** Larger pictures are described instead of previewed. */
export const MAX_IMAGE_PREVIEW_BYTES = 16 * 1024 * 1024;

export type FileView =
  | { kind: 'loading'; path: string }
  | { kind: 'failed'; path: string; error: string }
  | {
      kind: 'text';
      path: string;
      version: number;
      /** Lines in the whole file. */
      lineCount: number;
      size: number;
      /** The page shown starts after this many lines. */
      lineOffset: number;
      content: string;
    }
  | { kind: 'image'; path: string; size: number; mimeType: string; url: string }
  | { kind: 'binary'; path: string; size: number; description: string; hex: string; note?: string };

export async function loadFileView(rpc: BatonRpc, path: string): Promise<FileView> {
  try {
    const head = await rpc.request('readBinaryFile', { path, byteLimit: SNIFF_BYTES });
    const bytes = decodeBase64(head.content);
    const size = head.size ?? bytes.length;
    const mimeType = imageTypeOf(path);
    if (mimeType && size <= MAX_IMAGE_PREVIEW_BYTES) return await loadImage(rpc, path, size, mimeType, bytes);
    if (mimeType || !looksLikeText(bytes)) {
      const note = mimeType ? 'Too large to preview.' : undefined;
      return { kind: 'binary', path, size, description: describeBinary(bytes, size), hex: hexDump(bytes), note };
    }
    return await loadTextPage(rpc, path, 0, { bytes, size });
  } catch (error) {
    return { kind: 'failed', path, error: `Could not read ${path}: ${errorMessage(error)}` };
  }
}

/** A page of a text file; a file that turns out not to be text is described instead. */
export async function loadTextPage(
  rpc: BatonRpc,
  path: string,
  lineOffset: number,
  sniffed?: { bytes: Uint8Array; size: number },
): Promise<FileView> {
  try {
    const page = await rpc.request('readTextFile', { path, lineOffset, lineLimit: FILE_PAGE_LINES });
    const lineCount = page.lineCount ?? lineOffset + page.content.split('\n').length;
    return { kind: 'text', path, version: page.version, lineCount, size: page.size ?? 0, lineOffset, content: page.content };
  } catch (error) {
    if (reasonOf(error) === 'binary-file' && sniffed) {
      const { bytes, size } = sniffed;
      return {
        kind: 'binary',
        path,
        size,
        description: describeBinary(bytes, size),
        hex: hexDump(bytes),
        note: 'Not UTF-8 text further on.',
      };
    }
    return { kind: 'failed', path, error: `Could not read ${path}: ${errorMessage(error)}` };
  }
}

async function loadImage(rpc: BatonRpc, path: string, size: number, mimeType: string, head: Uint8Array<ArrayBuffer>): Promise<FileView> {
  // A small picture came whole with the first bytes; a larger one is read a page at a time.
  const parts = head.length >= size ? [head] : await readAllPages(rpc, path, size);
  const url = URL.createObjectURL(new Blob(parts, { type: mimeType }));
  return { kind: 'image', path, size, mimeType, url };
}

async function readAllPages(rpc: BatonRpc, path: string, size: number): Promise<Uint8Array<ArrayBuffer>[]> {
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let byteOffset = 0;
  while (byteOffset < size) {
    const page = await rpc.request('readBinaryFile', { path, byteOffset, byteLimit: MAX_BINARY_PAGE_BYTES });
    const bytes = decodeBase64(page.content);
    // The file shrank since its size was read: the picture is what there is.
    if (bytes.length === 0) break;
    parts.push(bytes);
    byteOffset += bytes.length;
  }
  return parts;
}

/** The relay's own reason for a refused file read (rpc-errors.ts puts it in the error's data). */
function reasonOf(error: unknown): string | undefined {
  const data = (error as { data?: { reason?: unknown } } | null)?.data;
  return typeof data?.reason === 'string' ? data.reason : undefined;
}
