/**
 * Which threads are being deleted, and the prompts under way in each: a delete waits for those
 * prompts (their recording and naming) before it removes the thread, and nothing opens a thread or
 * starts a turn in it once its deletion has begun.
 */
import { RelayError } from '../../lib/rpc/relay-error';

export class UnknownThreadError extends RelayError<'unknown-thread'> {
  constructor(threadId: string) {
    super('unknown-thread', `There is no thread ${threadId}.`);
  }
}

/** A prompt or open that arrives while the thread is being deleted: it would run in a thread that is going away. */
export class ThreadDeletingError extends UnknownThreadError {
  constructor(threadId: string) {
    super(threadId);
    this.message = `Thread ${threadId} is being deleted; nothing was sent to it.`;
  }
}

export class ThreadDeletions {
  /** Threads whose deletion has begun: nothing opens them or starts a turn in them any more. */
  private readonly deleting = new Map<string, Promise<unknown>>();
  private readonly promptsUnderWay = new Map<string, Set<Promise<void>>>();

  isDeleting(threadId: string): boolean {
    return this.deleting.has(threadId);
  }

  /** Throws ThreadDeletingError when the thread's deletion has begun. */
  assertNotDeleting(threadId: string): void {
    if (this.deleting.has(threadId)) throw new ThreadDeletingError(threadId);
  }

  /** Resolves or rejects as `prompted` does; until then a delete of the thread waits for it. */
  async trackPrompt(threadId: string, prompted: Promise<void>): Promise<void> {
    const prompting = this.promptsUnderWay.get(threadId) ?? new Set<Promise<void>>();
    this.promptsUnderWay.set(threadId, prompting);
    prompting.add(prompted);
    try {
      await prompted;
    } finally {
      prompting.delete(prompted);
      if (prompting.size === 0 && this.promptsUnderWay.get(threadId) === prompting) this.promptsUnderWay.delete(threadId);
    }
  }

  /** Once every prompt under way in the thread has ended, however it ended. */
  async promptsEnded(threadId: string): Promise<void> {
    await Promise.allSettled(this.promptsUnderWay.get(threadId) ?? []);
  }

  /** Once the thread's deletion under way (if any) has ended, however it ended. */
  async settled(threadId: string): Promise<void> {
    await Promise.allSettled([this.deleting.get(threadId)]);
  }

  /** Runs the deletion with the thread marked as being deleted; a second deletion meanwhile is refused. */
  async run<T>(threadId: string, deletion: () => Promise<T>): Promise<T> {
    this.assertNotDeleting(threadId);
    // Marked before the deletion's first step runs, so nothing opens the thread meanwhile.
    const running = Promise.resolve().then(deletion);
    this.deleting.set(threadId, running);
    try {
      return await running;
    } finally {
      this.deleting.delete(threadId);
    }
  }
}
