/**
 * Per thread, the row its last streamed pieces were stored in, as this store wrote it (event-rows.ts
 * OpenRun): the next batch of pieces may join it. A hint only: the rewrite checks the row is still
 * stored as remembered and is still the thread's last (event-insert.ts joinEventRow).
 */
import type { OpenRun } from './event-rows';

/** Threads whose open run is remembered: those streaming now, and a few more. */
const MAX_OPEN_RUNS = 64;

export class OpenRuns {
  readonly #runs = new Map<string, OpenRun>();

  /** The thread's open run, forgotten as it is taken: whatever the write does, it says what is next. */
  take(threadId: string): OpenRun | undefined {
    const run = this.#runs.get(threadId);
    this.#runs.delete(threadId);
    return run;
  }

  remember(threadId: string, run: OpenRun | undefined): void {
    if (run === undefined) return;
    const oldest = this.#runs.keys().next();
    if (this.#runs.size >= MAX_OPEN_RUNS && oldest.done !== true) this.#runs.delete(oldest.value);
    this.#runs.set(threadId, run);
  }
}
