/**
 * Prompts on their way to their turn: the agent being resolved or started, the thread being opened.
 * A Stop that arrives meanwhile has no turn to stop yet; it is kept here, and the turn is stopped
 * the moment it exists, so that Esc right after Send is never lost. The hub's close is such a Stop
 * for every prompt on its way, and refuses those that come after it.
 */
export class PendingPrompts {
  private readonly pending = new Map<string, { count: number; stopRequested: boolean }>();
  /** Each prompt on its way, settled once its turn has begun or it failed. */
  private readonly starting = new Set<Promise<void>>();
  private closed = false;

  /** Runs `start` with the prompt counted as pending; `stopRequested` says whether a Stop came meanwhile. */
  async track<T>(threadId: string, start: (stopRequested: () => boolean) => Promise<T>): Promise<T> {
    if (this.closed) throw new Error('The relay is stopping: no new turn starts.');
    const entry = this.pending.get(threadId) ?? { count: 0, stopRequested: false };
    entry.count += 1;
    this.pending.set(threadId, entry);
    const started = start(() => entry.stopRequested || this.closed);
    const settled = started.then(
      () => undefined,
      () => undefined,
    );
    this.starting.add(settled);
    try {
      return await started;
    } finally {
      this.starting.delete(settled);
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

  /**
   * Refuses prompts from now on; those on their way are stopped as their turns begin. Resolves
   * once each has begun (its turn is then the hub's to wait for) or failed.
   */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.starting]);
  }
}
