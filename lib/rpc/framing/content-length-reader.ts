/**
 * Reads LSP-style `Content-Length` framing (ECA protocol v2, "Base Protocol") from bytes split
 * anywhere: inside the header, inside a multi-byte character, several messages in one read.
 *
 * Header lines end in CRLF; a bare LF is accepted too (RFC 9112 §2.2 lets a recipient do so), and
 * blank lines before a header block are ignored.
 *
 * A header block that cannot be trusted (a line without a colon, no `Content-Length`, one that is
 * not a number, negative, absurd or contradicted, or a block past its cap) is reported once,
 * then the reader resynchronises on the next `Content-Length:` (the rule and its reasons are in
 * content-length-resync.ts). A block with a trustworthy length whose message is refused (too
 * large, another charset) is skipped by its length without being buffered, and the next message
 * is read normally.
 */
import { checkHeaderFields, readHeaderField } from './content-length-header';
import { HeaderBlock } from './content-length-header-block';
import { HeaderStartSearch, RESYNC_TOKEN, searchableRest } from './content-length-resync';
import { encodeContentLengthMessage } from './content-length-writer';
import { FramingError } from './framing-error';
import {
  deliverMessage,
  resolveMaxMessageBytes,
  utf8Encoder,
  type MessageFraming,
  type MessageReader,
  type MessageReaderOptions,
} from './message-framing';

export { encodeContentLengthMessage } from './content-length-writer';

export interface ContentLengthReaderOptions extends MessageReaderOptions {
  /** The largest header block accepted, in bytes (default 8 KiB). */
  maxHeaderBytes?: number;
}

const DEFAULT_MAX_HEADER_BYTES = 8 * 1024;
const CR = 13;
const LF = 10;
/** The header nearly every peer writes, read without building strings when it is whole in one read. */
const CANONICAL_HEADER_START = utf8Encoder.encode('Content-Length: ');
const CANONICAL_HEADER_MAX = CANONICAL_HEADER_START.length + 10 + 4;

type ReaderState = 'header' | 'body' | 'skip' | 'resync';

class ContentLengthReader implements MessageReader {
  private readonly maxMessageBytes: number;
  private state: ReaderState = 'header';
  private readonly header: HeaderBlock;
  /** Bytes of a failed header block to search again, before the rest of the current chunk. */
  private replay: Uint8Array | undefined;
  private readonly headerStart = new HeaderStartSearch();
  /** Body bytes still expected ('body') or still to discard ('skip'). */
  private remaining = 0;
  /** The body being gathered when it spans reads; sized once from its Content-Length. */
  private body: Uint8Array | undefined;
  private bodyFilled = 0;

  constructor(private readonly options: ContentLengthReaderOptions) {
    this.maxMessageBytes = resolveMaxMessageBytes(options);
    this.header = new HeaderBlock(Math.max(options.maxHeaderBytes ?? DEFAULT_MAX_HEADER_BYTES, RESYNC_TOKEN.length + 1));
  }

  push(bytes: Uint8Array): void {
    // A stack rather than recursion: a failed block's bytes are searched again before the rest.
    const work = [bytes];
    for (let chunk = work.pop(); chunk !== undefined; chunk = work.pop()) {
      let offset = 0;
      while (offset < chunk.length) {
        offset = this.step(chunk, offset);
        if (this.replay) {
          work.push(chunk.subarray(offset), this.replay);
          this.replay = undefined;
          break;
        }
      }
    }
  }

  end(): void {
    if (this.state === 'body') {
      this.report('truncated-message', `The stream ended inside a message body (${this.bodyFilled} of ${this.remaining} bytes read)`);
    } else if (this.state === 'header' && this.header.length > 0) {
      this.report('truncated-message', 'The stream ended inside a message header');
    }
    this.state = 'header';
    this.header.clear();
    this.body = undefined;
    this.bodyFilled = 0;
    this.remaining = 0;
  }

  private step(chunk: Uint8Array, offset: number): number {
    switch (this.state) {
      case 'header':
        return this.readHeader(chunk, offset);
      case 'body':
        return this.readBody(chunk, offset);
      case 'skip':
        return this.skipBody(chunk, offset);
      case 'resync':
        return this.searchForHeader(chunk, offset);
      default: {
        const unreachable: never = this.state;
        return unreachable;
      }
    }
  }

  private readHeader(chunk: Uint8Array, offset: number): number {
    if (this.header.length === 0) {
      const bodyStart = this.readCanonicalHeader(chunk, offset);
      if (bodyStart !== -1) return bodyStart;
    }
    while (offset < chunk.length) {
      if (this.header.length === 0 && (chunk[offset] === LF || chunk[offset] === CR)) {
        offset++;
        continue;
      }
      const newline = chunk.indexOf(LF, offset);
      const end = newline === -1 ? chunk.length : newline + 1;
      const room = this.header.room;
      if (end - offset > room) {
        this.header.append(chunk.subarray(offset, offset + room));
        this.failHeader(new FramingError('header-too-large', `A header block exceeds ${this.header.capacity} bytes without ending`), {
          judged: false,
        });
        return offset + room;
      }
      this.header.append(chunk.subarray(offset, end));
      offset = end;
      if (newline === -1) return offset;
      if (this.completeHeaderLine()) return offset;
    }
    return offset;
  }

  /** Handles the header line just ended; true when the header block is over (read or failed). */
  private completeHeaderLine(): boolean {
    const line = this.header.takeLine();
    if (line.length > 0) {
      const error = readHeaderField(line, this.header.fields);
      if (!error) return false;
      this.failHeader(error);
      return true;
    }
    const verdict = checkHeaderFields(this.header.fields, this.maxMessageBytes);
    if (!verdict.ok) {
      this.failHeader(verdict.error);
      return true;
    }
    this.header.clear();
    this.remaining = verdict.length;
    if (verdict.refusal) {
      this.state = 'skip';
      this.options.onError(verdict.refusal);
    } else if (verdict.length === 0) {
      deliverMessage(new Uint8Array(0), this.options);
    } else {
      this.state = 'body';
    }
    return true;
  }

  /**
   * The fast path: exactly `Content-Length: <digits>\r\n\r\n`, whole in this read, with an
   * acceptable length. Returns where the body starts, or -1 to take the general path (which
   * also reports whatever is wrong).
   */
  private readCanonicalHeader(chunk: Uint8Array, offset: number): number {
    const limit = Math.min(chunk.length, offset + CANONICAL_HEADER_MAX);
    let index = offset;
    for (const expected of CANONICAL_HEADER_START) {
      if (chunk[index++] !== expected) return -1;
    }
    const digitsStart = index;
    let length = 0;
    for (let byte = chunk[index]; index < limit && byte !== undefined && byte >= 0x30 && byte <= 0x39; byte = chunk[++index]) {
      length = length * 10 + (byte - 0x30);
    }
    if (index === digitsStart || index + 4 > limit || length > this.maxMessageBytes || length === 0) return -1;
    if (chunk[index] !== CR || chunk[index + 1] !== LF || chunk[index + 2] !== CR || chunk[index + 3] !== LF) return -1;
    this.remaining = length;
    this.state = 'body';
    return index + 4;
  }

  private readBody(chunk: Uint8Array, offset: number): number {
    const available = chunk.length - offset;
    if (this.body === undefined && available >= this.remaining) {
      // The whole body is in this read: decode it in place, no copy.
      const end = offset + this.remaining;
      this.state = 'header';
      deliverMessage(chunk.subarray(offset, end), this.options);
      return end;
    }
    this.body ??= new Uint8Array(this.remaining);
    const take = Math.min(available, this.remaining - this.bodyFilled);
    this.body.set(chunk.subarray(offset, offset + take), this.bodyFilled);
    this.bodyFilled += take;
    if (this.bodyFilled === this.remaining) {
      const body = this.body;
      this.body = undefined;
      this.bodyFilled = 0;
      this.state = 'header';
      deliverMessage(body, this.options);
    }
    return offset + take;
  }

  private skipBody(chunk: Uint8Array, offset: number): number {
    const take = Math.min(chunk.length - offset, this.remaining);
    this.remaining -= take;
    if (this.remaining === 0) this.state = 'header';
    return offset + take;
  }

  private searchForHeader(chunk: Uint8Array, offset: number): number {
    const found = this.headerStart.search(chunk, offset);
    if (found === -1) return chunk.length;
    // The emptied block starts with the token just matched; its case does not matter to what follows.
    this.header.append(RESYNC_TOKEN);
    this.state = 'header';
    return found;
  }

  /**
   * Reports a bad header block and searches its bytes again. A block cut off for its size was
   * never judged, so its `Content-Length` lines may still start the next message.
   */
  private failHeader(error: FramingError, { judged } = { judged: true }): void {
    const block = this.header.contents();
    this.replay = judged ? searchableRest(block) : block.slice(1);
    this.header.clear();
    this.state = 'resync';
    this.headerStart.reset();
    this.options.onError(error);
  }

  private report(kind: FramingError['kind'], message: string): void {
    this.options.onError(new FramingError(kind, message));
  }
}

export function createContentLengthReader(options: ContentLengthReaderOptions): MessageReader {
  return new ContentLengthReader(options);
}

export const contentLengthFraming: MessageFraming = {
  name: 'content-length',
  createReader: createContentLengthReader,
  encode: encodeContentLengthMessage,
};
