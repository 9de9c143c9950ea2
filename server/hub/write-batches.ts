/**
 * The recorder's queue of contents waiting to be written, and the one write under way: contents
 * are written in batches, one batch at a time, in the order they came. A group commit: a batch
 * closes when the write before it ends, not on a timer, so at a low rate every content is its own
 * batch, written at once, and at a high rate the batches grow by
 * themselves and the delay stays about one transaction; a batch that is full (maxBatch) is
 * written at once. Other work on the store that must not interleave with a batch (a rewind, a
 * retry of owed contents) runs through `exclusive`, between two batches.
 */

/** A content's caller waits until it is committed and broadcast; a streamed piece's does not. */
export interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

export interface BatchOptions {
  /** The most items one batch carries, which bounds how long a write takes. */
  maxBatch: number;
}

export class WriteBatches<T extends { done?: Waiter }> {
  private readonly queue: T[] = [];
  private writing: Promise<void> | undefined;
  private writeScheduled = false;
  private fullBatchScheduled = false;
  private readonly waiters: Array<() => void> = [];

  /** `write` never rejects: a failed write is reported to those who wait for it. */
  constructor(
    private readonly write: (batch: T[]) => Promise<void>,
    private readonly options: BatchOptions,
  ) {}

  /** Items waiting for a write. */
  get length(): number {
    return this.queue.length;
  }

  /** Nothing is queued, written or about to be. */
  get isIdle(): boolean {
    return this.queue.length === 0 && !this.writing && !this.writeScheduled;
  }

  add(item: T): void {
    this.queue.push(item);
    this.schedule();
  }

  /** Resolves once no write is under way (more may be queued). */
  async written(): Promise<void> {
    while (this.writing) await this.writing;
  }

  /** Resolves once everything queued so far, and anything queued meanwhile, is written. */
  async settled(): Promise<void> {
    while (this.writing || this.queue.length > 0) await this.nextWrite();
  }

  /** Resolves when the write under way (or the next) ends. */
  nextWrite(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  /** Fails everything still queued; nothing of it was written. */
  rejectQueued(error: unknown): void {
    for (const item of this.queue.splice(0)) item.done?.reject(error);
  }

  /**
   * Runs `task` alone, as the next write: the caller hears how it went, the queue goes on after it
   * either way. Call it while idle (after `settled`), or the task waits for nothing.
   */
  exclusive<R>(task: () => Promise<R>): Promise<R> {
    const running = task();
    this.writing = running
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => this.afterWrite(() => this.startWrite()));
    return running;
  }

  /**
   * Writes what is queued once the code that queued it has run: everything added in the same turn
   * of the event loop (the pieces of one network read, a content and the ones its caller adds
   * after it) joins the batch. No timer: a fixed wait would add its length to every content's
   * latency, and while a write is under way the next batch gathers anyway.
   *
   * A full batch does not wait for the turn to end. One turn can read thousands of pieces of a
   * fast stream (Node reads a socket up to 32 times, 64 KiB each, before the turn goes on), and
   * they all waited in memory, unseen by the tabs, until the model's whole burst was parsed (bench
   * section 1, 5,000 pieces at full speed: every piece's p50 latency 54-56 ms, against 34-40 ms
   * written as they fill).
   */
  private schedule(): void {
    if (this.writing || this.queue.length === 0) return;
    if (this.queue.length >= this.options.maxBatch) {
      if (this.fullBatchScheduled) return;
      this.fullBatchScheduled = true;
      queueMicrotask(() => {
        this.fullBatchScheduled = false;
        this.startWrite();
      });
      return;
    }
    if (this.writeScheduled) return;
    this.writeScheduled = true;
    setImmediate(() => {
      this.writeScheduled = false;
      this.startWrite();
    });
  }

  private startWrite(): void {
    // A full batch may have started the write this one was scheduled for.
    if (this.writing || this.queue.length === 0) return;
    // What arrives during this write is the next batch.
    this.writing = this.write(this.queue.splice(0, this.options.maxBatch)).finally(() => this.afterWrite(() => this.schedule()));
  }

  private afterWrite(next: () => void): void {
    this.writing = undefined;
    for (const wake of this.waiters.splice(0)) wake();
    next();
  }
}
