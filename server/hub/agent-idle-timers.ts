/**
 * An agent's session for a thread nobody has prompted for a while is let go (the agent frees what
 * it holds for it); the thread resumes or re-primes it on the next prompt. One timer per thread,
 * kept apart from the thread's live session, which may be released from memory sooner.
 */

/** An agent session left unused this long is let go. */
export const DEFAULT_IDLE_CLOSE_MS = 15 * 60_000;

export class AgentIdleTimers {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly idleCloseMs: number,
    /** Lets the agent go unless the thread is running a turn by then. */
    private readonly onIdle: (threadId: string, agent: string) => void,
  ) {}

  /** Starts (or restarts) the thread's countdown for the agent it is bound to now. */
  start(threadId: string, agent: string): void {
    this.cancel(threadId);
    const timer = setTimeout(() => {
      this.timers.delete(threadId);
      this.onIdle(threadId, agent);
    }, this.idleCloseMs);
    timer.unref();
    this.timers.set(threadId, timer);
  }

  cancel(threadId: string): void {
    clearTimeout(this.timers.get(threadId));
    this.timers.delete(threadId);
  }

  cancelAll(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
