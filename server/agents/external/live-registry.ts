/**
 * What an adapter keeps running, by key: the agent's one process (ACP, ECA) or a thread's process
 * or session (Autohand, Emacs-Agent). A live one is reused; otherwise a new one is started. Only
 * failures count against the restart budget (a start that failed, or one that replaces a process
 * that went away), so an agent that dies at every start is not spawned again by every prompt,
 * while any number of threads may start theirs. Callers asking at once share one start.
 */
import type { RestartBudget } from './restart-budget';

export interface Obtained<T> {
  value: T;
  /** Started for this call: it has not seen the thread yet. */
  fresh: boolean;
}

export interface ObtainOptions {
  /**
   * Whether the one this start replaces failed, which counts against the budget (asked only when a
   * start is needed); by default it did when one was started for the key and is no longer live.
   */
  replacesFailure?: () => boolean;
}

export class LiveRegistry<T> {
  private readonly entries = new Map<string, Promise<T>>();
  private readonly started = new Map<string, T>();

  constructor(
    private readonly budget: RestartBudget,
    private readonly isLive: (value: T) => boolean,
  ) {}

  /** The live one for `key`, else a new one from `start()`; throws when the budget is spent or the start fails. */
  async obtain(key: string, start: () => Promise<T>, options: ObtainOptions = {}): Promise<Obtained<T>> {
    const held = this.entries.get(key);
    // A start that failed was already reported to the turn that made it; there is nothing to stop or reuse.
    const current = held && (await held.catch(() => undefined));
    // Another caller started a new one while this one waited: that start is shared.
    if (held && this.entries.get(key) !== held) return this.obtain(key, start, options);
    if (current && this.isLive(current)) return { value: current, fresh: false };
    if (options.replacesFailure?.() ?? current !== undefined) this.budget.failed();
    this.budget.check();
    const starting = start();
    this.entries.set(key, starting);
    try {
      const value = await starting;
      if (this.entries.get(key) === starting) this.started.set(key, value);
      return { value, fresh: true };
    } catch (error) {
      this.budget.failed();
      if (this.entries.get(key) === starting) this.entries.delete(key);
      throw error;
    }
  }

  /** What was last started for `key`, live or not (undefined while starting, or after a failed start). */
  peek(key: string): T | undefined {
    return this.started.get(key);
  }

  keys(): string[] {
    return [...this.entries.keys()];
  }

  /** Forgets `key` at once; resolves with what it held once its start settles (undefined if that failed). */
  async release(key: string): Promise<T | undefined> {
    const held = this.entries.get(key);
    this.entries.delete(key);
    this.started.delete(key);
    return held?.catch(() => undefined);
  }
}
