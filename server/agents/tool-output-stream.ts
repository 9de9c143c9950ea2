/**
 * Carries what a running tool prints to the tool card, as repeated `toolCallRunning` contents
 * with Baton's `outputChunk` extension (ECA has no content for partial tool output). Pieces are
 * gathered for a moment before each content, so a chatty command does not become thousands of
 * recorded events, and the total is capped: the whole (shortened) output comes with `toolCalled`.
 */
export interface ToolOutputStreamOptions {
  /** Reports one gathered piece; awaited in order. */
  emitChunk(chunk: string): Promise<void>;
  maxCharacters?: number;
  /** A piece waits at most this long for more output before it is sent. */
  gatherMs?: number;
  /** A piece this large is sent at once. */
  chunkCharacters?: number;
}

export const STREAMED_OUTPUT_MAX_CHARACTERS = 64_000;
export const STREAMED_OUTPUT_CAPPED_NOTE = '\n[… more output: the end of it is shown when the command finishes …]\n';

export class ToolOutputStream {
  private pending = '';
  private streamed = 0;
  private capped = false;
  private timer: NodeJS.Timeout | undefined;
  private sending: Promise<void> = Promise.resolve();
  private failure: unknown;
  private readonly maxCharacters: number;
  private readonly gatherMs: number;
  private readonly chunkCharacters: number;

  constructor(private readonly options: ToolOutputStreamOptions) {
    this.maxCharacters = options.maxCharacters ?? STREAMED_OUTPUT_MAX_CHARACTERS;
    this.gatherMs = options.gatherMs ?? 100;
    this.chunkCharacters = options.chunkCharacters ?? 8_000;
  }

  push(chunk: string): void {
    if (this.capped || chunk === '') return;
    const room = this.maxCharacters - this.streamed - this.pending.length;
    if (chunk.length > room) {
      this.pending += chunk.slice(0, room) + STREAMED_OUTPUT_CAPPED_NOTE;
      this.capped = true;
      this.flush();
      return;
    }
    this.pending += chunk;
    if (this.pending.length >= this.chunkCharacters) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.gatherMs);
  }

  /** Sends what is gathered and waits until every piece is reported; rethrows a failed report. */
  async close(): Promise<void> {
    this.flush();
    await this.sending;
    if (this.failure !== undefined) throw this.failure;
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending === '') return;
    const chunk = this.pending;
    this.pending = '';
    this.streamed += chunk.length;
    this.sending = this.sending
      .then(() => this.options.emitChunk(chunk))
      .catch((error: unknown) => {
        // Kept for close(), which the runner awaits before it reports the call's end.
        this.failure ??= error;
      });
  }
}
