/**
 * Prompts on their way to their turn: the agent being resolved or started, the thread being opened.
 * A Stop that arrives meanwhile has no turn to stop yet; it is kept here, and the turn is stopped
 * the moment it exists, so that Esc right after Send is never lost.
 */
export class PendingPrompts {
  private readonly pending = new Map<string, { count: number; stopRequested: boolean }>();

  /** Runs `start` with the prompt counted as pending; `stopRequested` says whether a Stop came meanwhile. */
  async track<T>(threadId: string, start: (stopRequested: () => boolean) => Promise<T>): Promise<T> {
    const entry = this.pending.get(threadId) ?? { count: 0, stopRequested: false };
    entry.count += 1;
    this.pending.set(threadId, entry);
    try {
      return await start(() => entry.stopRequested);
    } finally {
      entry.count -= 1;
      if (entry.count === 0 && this.pending.get(threadId) === entry) this.pending.delete(threadId);
    }
  }

  /** Keeps a Stop for the prompts on their way in the thread; false when none is. */
  requestStop(threadId: string): boolean {
    const entry = this.pending.get(threadId);
    if (!entry) return false;
    entry.stopRequested = true;
    return true;
  }
}
