/**
 * The header block of `Content-Length` framing as it is read, in pieces of any size: its bytes up
 * to a cap (kept so that a bad block can be searched again), and the fields of its lines so far.
 */
import type { HeaderFields } from './content-length-header';

const CR = 13;

export class HeaderBlock {
  private readonly bytes: Uint8Array;
  private filled = 0;
  private lineStart = 0;
  fields: HeaderFields = {};

  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity);
  }

  /** The most bytes a block may have. */
  get capacity(): number {
    return this.bytes.length;
  }

  /** How many bytes of the block have been read. */
  get length(): number {
    return this.filled;
  }

  /** How many more bytes fit. */
  get room(): number {
    return this.bytes.length - this.filled;
  }

  /** Adds the bytes read next; they must fit in `room`. */
  append(bytes: Uint8Array): void {
    this.bytes.set(bytes, this.filled);
    this.filled += bytes.length;
  }

  /** The line that the last byte appended (a LF) ended, without its CRLF or LF. */
  takeLine(): string {
    let lineEnd = this.filled - 1;
    if (lineEnd > this.lineStart && this.bytes[lineEnd - 1] === CR) lineEnd--;
    const line = asciiText(this.bytes.subarray(this.lineStart, lineEnd));
    this.lineStart = this.filled;
    return line;
  }

  /** The bytes read of the block. */
  contents(): Uint8Array {
    return this.bytes.subarray(0, this.filled);
  }

  /** Forgets the block, to read the next one. */
  clear(): void {
    this.filled = 0;
    this.lineStart = 0;
    this.fields = {};
  }
}

function asciiText(bytes: Uint8Array): string {
  return String.fromCharCode.apply(null, bytes as unknown as number[]);
}
