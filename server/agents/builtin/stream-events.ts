/**
 * The events of a model answer, in order, without a promise per event. They arrive a batch at a
 * time from the thread that reads the model (model-stream-thread.ts); a reader that awaited each
 * one (an async generator, the SDK's own iterator) would pay a promise, an iterator result and a
 * few microtasks for every event: for a fast answer a tenth of what the relay allocated per piece,
 * work the garbage collector then pauses the stream for. Here an event the reader can handle
 * synchronously (a text piece the thread takes at once) is handled as it arrives; the others wait
 * in a queue the reader takes from in a plain loop, awaiting only when nothing is left (`arrival`).
 *
 * The queue takes in constant time: the SDK's iterator takes from its array with `shift()`, which
 * copies the whole queue once that queue is long (V8 cannot trim a large array in place), so when
 * the model streams faster than the thread records, every piece would cost more than the one before.
 */
import type Anthropic from '@anthropic-ai/sdk';

type StreamEvent = Anthropic.MessageStreamEvent;

/** What the queue is told of one answer: its events in order, then `end` or `fail`, once. */
export interface ModelEventListener {
  event(event: StreamEvent): void;
  /** A text_delta event of block `index`, told without its objects (most of a fast answer's events). */
  text(index: number, text: string): void;
  fail(error: unknown): void;
  end(): void;
}

/** One answer being read (model-stream-thread.ts): one listener, and a way to stop it. */
export interface ModelEventSource {
  listen(listener: ModelEventListener): void;
  abort(): void;
}

/** Taken events are dropped in one go once they are half the array, so each costs O(1) on average. */
const COMPACT_AT = 1024;

/**
 * What may take an event as it arrives (true when it took it): any event, or a text piece told
 * without its event, which is made only when the piece must wait in the queue.
 */
export interface AtOnceHandler {
  event(event: StreamEvent): boolean;
  text(index: number, text: string): boolean;
}

const TAKES_NONE: AtOnceHandler = { event: () => false, text: () => false };

export class StreamEventQueue {
  private queue: StreamEvent[] = [];
  private head = 0;
  private ended = false;
  private failure: { error: unknown } | undefined;
  private wake: (() => void) | undefined;

  /**
   * `atOnce` may take an event as it arrives, while the reader waits with nothing queued (so the
   * order holds): it returns true when it took it. The rest are queued for `take`.
   */
  constructor(
    private readonly stream: ModelEventSource,
    atOnce: AtOnceHandler = TAKES_NONE,
  ) {
    stream.listen({
      event: (event) => {
        if (this.isWaiting && atOnce.event(event)) return;
        this.queue.push(event);
        this.notify();
      },
      text: (index, text) => {
        if (this.isWaiting && atOnce.text(index, text)) return;
        this.queue.push({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } });
        this.notify();
      },
      fail: (error) => this.fail(error),
      end: () => {
        this.ended = true;
        this.notify();
      },
    });
  }

  /** The reader waits with nothing queued: an event taken now keeps its place in the order. */
  private get isWaiting(): boolean {
    return this.wake !== undefined && this.head >= this.queue.length;
  }

  /** The next event that has arrived, or undefined when none waits (then `arrival` says whether more come). */
  take(): StreamEvent | undefined {
    if (this.head >= this.queue.length) return undefined;
    const event = this.queue[this.head] as StreamEvent;
    this.head += 1;
    if (this.head >= COMPACT_AT && this.head * 2 >= this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    return event;
  }

  /**
   * Resolves true once an event waits, false once the answer ended with none left; rejects with
   * the stream's failure (after the events that came before it were taken).
   */
  async arrival(): Promise<boolean> {
    for (;;) {
      if (this.head < this.queue.length) return true;
      if (this.failure) throw this.failure.error;
      if (this.ended) return false;
      await new Promise<void>((resolve) => (this.wake = resolve));
    }
  }

  /** The reader leaves early (the turn failed or was stopped): the answer is not read any further, as the SDK's own iterator does. */
  close(): void {
    if (!this.ended && this.failure === undefined) this.stream.abort();
  }

  private fail(error: unknown): void {
    this.failure ??= { error };
    this.notify();
  }

  private notify(): void {
    this.wake?.();
    this.wake = undefined;
  }
}
