/**
 * Reads newline-delimited JSON (Autohand, ACP): one message a line, `\n` or `\r\n`, blank lines
 * ignored, a line split anywhere across reads. A line that is not JSON is reported once and
 * skipped; a line longer than the cap is reported once and its bytes dropped as they stream in,
 * so the next line parses. Every newline is a resynchronisation point. A byte-order mark is
 * dropped at the start of the stream only (as a streaming UTF-8 decoder does).
 */
import { FramingError } from './framing-error';
import {
  deliverText,
  resolveMaxMessageBytes,
  serializeMessage,
  utf8Encoder,
  type MessageFraming,
  type MessageReader,
  type MessageReaderOptions,
} from './message-framing';

const LF = 10;
const CR = 13;

/**
 * Each read is decoded to text at once (one decoder call per read, not per line), then cut at
 * its newlines. A `\n` byte is always a whole character in UTF-8 and becomes exactly one `\n` in
 * the text, so the n-th newline of the bytes is the n-th newline of the text. Bytes are only
 * searched when a line might be over the cap: a line of `n` UTF-16 units came from at most `3n`
 * bytes, so a shorter line cannot be.
 */
class NdjsonReader implements MessageReader {
  private readonly maxMessageBytes: number;
  private readonly decoder = new TextDecoder('utf-8');
  /** The start of the current line, from earlier reads. */
  private pendingText = '';
  private pendingBytes = 0;
  /** The current line is over the cap: drop it until its newline. */
  private discarding = false;

  constructor(private readonly options: MessageReaderOptions) {
    this.maxMessageBytes = resolveMaxMessageBytes(options);
  }

  push(bytes: Uint8Array): void {
    const text = this.decoder.decode(bytes, { stream: true });
    let textStart = 0;
    let lineIndex = 0;
    /** Where the current line starts in `bytes`, once byte positions are tracked (-1 before). */
    let byteStart = -1;
    for (let textNewline = text.indexOf('\n'); textNewline !== -1; textNewline = text.indexOf('\n', textStart)) {
      const piece = text.slice(textStart, textNewline);
      let pieceBytes = -1;
      if (byteStart === -1 && this.pendingBytes + 3 * piece.length > this.maxMessageBytes) {
        byteStart = startOfLine(bytes, lineIndex);
      }
      if (byteStart !== -1) {
        const byteNewline = bytes.indexOf(LF, byteStart);
        pieceBytes = byteNewline - byteStart;
        byteStart = byteNewline + 1;
      }
      this.completeLine(piece, pieceBytes);
      textStart = textNewline + 1;
      lineIndex++;
    }
    if (byteStart === -1) byteStart = lineIndex === 0 ? 0 : bytes.lastIndexOf(LF) + 1;
    this.keepPartialLine(text.slice(textStart), bytes.length - byteStart);
  }

  end(): void {
    const rest = this.decoder.decode();
    if (!this.discarding && (this.pendingBytes > 0 || rest.length > 0)) {
      // A peer may exit after its last line without a newline: the line still counts.
      this.completeLine(rest, 0);
    }
    this.pendingText = '';
    this.pendingBytes = 0;
    this.discarding = false;
  }

  private keepPartialLine(text: string, byteCount: number): void {
    if (this.discarding || byteCount === 0) return;
    // One byte of slack: a `\r` before the newline is not part of the message.
    if (this.pendingBytes + byteCount > this.maxMessageBytes + 1) {
      this.refuseOverlongLine();
      this.discarding = true;
      return;
    }
    this.pendingText += text;
    this.pendingBytes += byteCount;
  }

  /** Ends the current line with `text`, of `byteCount` bytes (-1: known to be within the cap). */
  private completeLine(text: string, byteCount: number): void {
    if (this.discarding) {
      this.discarding = false;
      return;
    }
    let line = this.pendingBytes === 0 ? text : this.pendingText + text;
    let lineBytes = byteCount === -1 ? -1 : this.pendingBytes + byteCount;
    this.pendingText = '';
    this.pendingBytes = 0;
    if (line.charCodeAt(line.length - 1) === CR) {
      line = line.slice(0, -1);
      lineBytes--;
    }
    if (lineBytes > this.maxMessageBytes) {
      this.refuseOverlongLine();
      return;
    }
    if (isBlank(line)) return;
    deliverText(line, this.options);
  }

  private refuseOverlongLine(): void {
    this.pendingText = '';
    this.pendingBytes = 0;
    this.options.onError(new FramingError('message-too-large', `A line exceeds the ${this.maxMessageBytes}-byte limit and was skipped`));
  }
}

export function createNdjsonReader(options: MessageReaderOptions): MessageReader {
  return new NdjsonReader(options);
}

/** One message as a line. `JSON.stringify` escapes every newline inside strings, so none leaks. */
export function encodeNdjsonMessage(message: unknown): Uint8Array {
  return utf8Encoder.encode(`${serializeMessage(message)}\n`);
}

export const ndjsonFraming: MessageFraming = {
  name: 'ndjson',
  createReader: createNdjsonReader,
  encode: encodeNdjsonMessage,
};

/** Where the line after the given number of newlines starts. */
function startOfLine(bytes: Uint8Array, newlines: number): number {
  let start = 0;
  for (let count = 0; count < newlines; count++) start = bytes.indexOf(LF, start) + 1;
  return start;
}

/** Only spaces, tabs and carriage returns (JSON's own whitespace, less the newline). */
function isBlank(line: string): boolean {
  for (let index = 0; index < line.length; index++) {
    const code = line.charCodeAt(index);
    if (code !== 0x20 && code !== 0x09 && code !== CR) return false;
  }
  return true;
}
