/**
 * Finding the next message after a bad header in `Content-Length` framing.
 *
 * A header block that cannot be trusted (a line without a colon, no
 * `Content-Length`, one that is not a number, negative, absurd or contradicted, or a block past
 * its cap) is reported once. The reader then searches for the next `Content-Length:` (any case),
 * starting one byte after where the bad block began but ignoring the `Content-Length` lines the
 * bad block already read as its own, and reads a new header block from the match; everything
 * before it is dropped. Why: the bad block's body length is unknown, so the body cannot be
 * skipped, and an unquoted `Content-Length:` cannot occur inside a JSON body, so it marks the
 * start of the next message. Searching again inside the bad block means garbage glued onto a
 * header (`junkContent-Length: 12`) still finds that header; ignoring the block's own fields
 * means one bad block is reported once, not once per `Content-Length` line in it. (A block cut
 * off at the header cap was never judged, so its own `Content-Length` lines stay candidates.)
 */
import { utf8Encoder } from './message-framing';

/** What the search looks for, lower case. No proper prefix of it is also a suffix. */
export const RESYNC_TOKEN = utf8Encoder.encode('content-length:');

const LF = 10;

export class HeaderStartSearch {
  private matched = 0;

  /**
   * Scans from `offset`; returns the index just after the token, or -1 when this read ends
   * first (a partial match carries over to the next read).
   */
  search(chunk: Uint8Array, offset: number): number {
    for (let index = offset; index < chunk.length; index++) {
      const byte = lowerCase(chunk[index] ?? 0);
      if (byte === RESYNC_TOKEN[this.matched]) {
        this.matched++;
        if (this.matched === RESYNC_TOKEN.length) {
          this.matched = 0;
          return index + 1;
        }
      } else {
        // Safe because the token has no border: a mismatch can only restart a match at its first byte.
        this.matched = byte === RESYNC_TOKEN[0] ? 1 : 0;
      }
    }
    return -1;
  }

  reset(): void {
    this.matched = 0;
  }
}

/**
 * A failed header block, less its first byte, to be searched again for a header start. Where a
 * line of the block began with `Content-Length:` (the block read that field already), the token
 * is broken so that the search passes over it.
 */
export function searchableRest(block: Uint8Array): Uint8Array {
  const rest = block.slice(1);
  for (let lineStart = 0; lineStart < block.length; ) {
    let start = lineStart;
    while (block[start] === 0x20 || block[start] === 0x09) start++;
    if (start >= 1 && startsWithToken(block, start)) rest[start - 1] = 0;
    const newline = block.indexOf(LF, lineStart);
    lineStart = newline === -1 ? block.length : newline + 1;
  }
  return rest;
}

function startsWithToken(bytes: Uint8Array, start: number): boolean {
  if (start + RESYNC_TOKEN.length > bytes.length) return false;
  return RESYNC_TOKEN.every((byte, index) => lowerCase(bytes[start + index] ?? 0) === byte);
}

function lowerCase(byte: number): number {
  return byte >= 65 && byte <= 90 ? byte + 32 : byte;
}
