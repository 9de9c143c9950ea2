/**
 * The end of a terminal's output, up to a byte limit, dropping the oldest first on a character
 * boundary (https://agentclientprotocol.com/protocol/terminals, "Output"). Each chunk costs work
 * in its own size only: a running byte count, and whole chunks dropped from the front once the
 * rest holds the limit. Nothing kept is measured or copied again until the output is read, so a
 * command printing gigabytes costs no more per chunk than one printing a line.
 */

/** The most an agent may ask to keep: more would only be copied into one reply it must parse. */
export const MAX_OUTPUT_BYTE_LIMIT = 16 * 1024 * 1024;

export class OutputTail {
  private readonly chunks: { text: string; bytes: number }[] = [];
  /** Index of the first kept chunk: dropping from the front moves it, never shifts the array. */
  private first = 0;
  private keptBytes = 0;
  private dropped = false;
  /** The joined text of the last read, until the next append. */
  private joined: string | undefined;
  readonly limit: number;

  constructor(limit: number) {
    this.limit = Math.max(0, Math.min(Math.floor(limit), MAX_OUTPUT_BYTE_LIMIT));
  }

  append(text: string): void {
    if (text === '') return;
    this.joined = undefined;
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes >= this.limit) {
      // One chunk covers the whole limit: it alone is kept, cut now (work in its own size).
      this.dropped ||= bytes > this.limit || this.keptBytes > 0;
      this.clear();
      const tail = lastBytes(text, bytes, this.limit);
      this.chunks.push({ text: tail, bytes: Buffer.byteLength(tail, 'utf8') });
      this.keptBytes = this.chunks[0]!.bytes;
      return;
    }
    this.chunks.push({ text, bytes });
    this.keptBytes += bytes;
    while (this.keptBytes - this.chunks[this.first]!.bytes >= this.limit) {
      this.keptBytes -= this.chunks[this.first]!.bytes;
      this.chunks[this.first] = { text: '', bytes: 0 };
      this.first += 1;
      this.dropped = true;
    }
    // Compacted once half the array is dropped chunks: each chunk is moved at most once more.
    if (this.first > 1024 && this.first * 2 > this.chunks.length) {
      this.chunks.splice(0, this.first);
      this.first = 0;
    }
  }

  /** Whether anything was dropped from the front. */
  get truncated(): boolean {
    return this.dropped || this.keptBytes > this.limit;
  }

  /** The kept output: at most `limit` bytes, starting on a character boundary. */
  text(): string {
    if (this.joined !== undefined) return this.joined;
    let text = '';
    for (let index = this.first; index < this.chunks.length; index += 1) text += this.chunks[index]!.text;
    this.joined = this.keptBytes > this.limit ? lastBytes(text, this.keptBytes, this.limit) : text;
    return this.joined;
  }

  private clear(): void {
    this.chunks.length = 0;
    this.first = 0;
    this.keptBytes = 0;
  }
}

/** The last `limit` bytes of `text` (of `bytes` bytes), moved forward to the next character start. */
function lastBytes(text: string, bytes: number, limit: number): string {
  const encoded = Buffer.from(text, 'utf8');
  let start = bytes - limit;
  while (start < encoded.length && (encoded[start]! & 0xc0) === 0x80) start += 1;
  return encoded.subarray(start).toString('utf8');
}
