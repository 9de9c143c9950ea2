/**
 * The threads that have a live session in memory, for the hub: each loaded on first use from what
 * the store holds, and released once no call uses it, no turn runs, no tab watches the thread and
 * nothing waits to be written, a while after its last use (so that a quick return finds it). Memory
 * follows the threads in use, not every thread ever opened.
 */
import type { OpenThread } from './open-thread';
import { ThreadDeletingError } from './thread-deletions';

/** A thread's live session outlives its last use by this much, so that a quick return finds it. */
export const DEFAULT_RELEASE_AFTER_MS = 30_000;

export interface LiveThreadsOptions {
  /** Makes the thread's live session from what the store holds. */
  load: (threadId: string) => Promise<OpenThread>;
  /** A thread being deleted is not opened again. */
  isDeleting: (threadId: string) => boolean;
  /** Whether any tab watches the thread now; a watched thread stays in memory. None, by default. */
  isWatched?: (threadId: string) => boolean;
  releaseAfterMs?: number;
}

export class LiveThreads {
  private readonly sessions = new Map<string, Promise<OpenThread>>();
  /** The same sessions once loaded, to tell a released one from its successor. */
  private readonly loaded = new Map<string, OpenThread>();

  constructor(private readonly options: LiveThreadsOptions) {}

  /** How many threads have a live session in memory now (loaded or loading). */
  get size(): number {
    return this.sessions.size;
  }

  /** The thread's live session if it is loaded now; nothing is loaded for it. */
  loadedThread(threadId: string): OpenThread | undefined {
    return this.loaded.get(threadId);
  }

  /** The thread's live session if it is loaded or loading now; nothing is loaded for it. */
  opening(threadId: string): Promise<OpenThread> | undefined {
    return this.sessions.get(threadId);
  }

  /** Every live session, loaded or loading. */
  all(): Array<Promise<OpenThread>> {
    return [...this.sessions.values()];
  }

  /** The thread's live session, loaded first if need be. */
  open(threadId: string): Promise<OpenThread> {
    if (this.options.isDeleting(threadId)) return Promise.reject(new ThreadDeletingError(threadId));
    let opening = this.sessions.get(threadId);
    if (!opening) {
      opening = this.options.load(threadId);
      this.sessions.set(threadId, opening);
      opening.then(
        (opened) => this.loaded.set(threadId, opened),
        () => this.sessions.delete(threadId),
      );
    }
    return opening;
  }

  /**
   * Runs `use` on the thread's live session, loading it first if need be. A session is released
   * only from a timer and only when no such call is under way, so `use` never sees one go.
   */
  async use<T>(threadId: string, use: (opened: OpenThread) => T | Promise<T>): Promise<T> {
    const opened = await this.open(threadId);
    opened.uses += 1;
    clearTimeout(opened.releaseTimer);
    try {
      return await use(opened);
    } finally {
      opened.uses -= 1;
      this.releaseLater(threadId, opened);
    }
  }

  /** Starts (again) the countdown to the session's release, unless a call uses it or a turn runs. */
  releaseLater(threadId: string, opened: OpenThread): void {
    clearTimeout(opened.releaseTimer);
    if (opened.uses > 0 || opened.session.isRunning) return;
    opened.releaseTimer = setTimeout(() => this.releaseIfUnused(threadId, opened), this.options.releaseAfterMs ?? DEFAULT_RELEASE_AFTER_MS);
    opened.releaseTimer.unref();
  }

  /** Lets the session go now, whatever uses it (the thread is being deleted). */
  forget(threadId: string, opened: OpenThread): void {
    clearTimeout(opened.releaseTimer);
    if (this.loaded.get(threadId) !== opened) return;
    this.loaded.delete(threadId);
    this.sessions.delete(threadId);
  }

  private releaseIfUnused(threadId: string, opened: OpenThread): void {
    if (this.loaded.get(threadId) !== opened || opened.uses > 0 || opened.session.isRunning) return;
    if (!opened.recorder.isBroken && this.options.isWatched?.(threadId)) return;
    // Still writing: the entries must stay until what they hold is stored, and the session until
    // a tool call Stop left running ends (the hub's close waits for it through the session).
    if (!opened.recorder.isIdle || opened.session.isWorking) return this.releaseLater(threadId, opened);
    this.forget(threadId, opened);
  }
}
