/**
 * Runs text work off the relay's event loop, in a worker thread with a time limit: a regular
 * expression from the model may backtrack catastrophically (`^(\S*\s?)*#$` on ordinary code runs
 * for ages) and the diff of a large rewritten file takes seconds, and either would stop every tab's
 * traffic while it ran. A job past its time limit, or one whose call is stopped, ends the worker
 * (terminate() interrupts even a running regular expression). The worker body is text-worker.mjs.
 */
import { Worker } from 'node:worker_threads';
import type { StructuredPatch } from 'diff';

export type OffLoopJob =
  | { kind: 'grep'; source: string; flags: string; text: string; maxMatches: number }
  | { kind: 'diff'; oldName: string; newName: string; before: string; after: string; context: number; timeoutMs: number };

export interface GrepLine {
  line: number;
  text: string;
}

type JobResult<Job extends OffLoopJob> = Job extends { kind: 'grep' } ? GrepLine[] : StructuredPatch | null;

/** The worker's time ran out before the job was done. */
export class OffLoopTimeLimitError extends Error {
  override readonly name = 'OffLoopTimeLimitError';
  readonly code = 'time-limit';

  constructor(readonly timeLimitMs: number) {
    super(`The work took longer than its limit of ${timeLimitMs} ms and was stopped.`);
  }
}

/** The call was stopped (its signal aborted) while the worker ran. */
export class OffLoopStoppedError extends Error {
  override readonly name = 'OffLoopStoppedError';
  readonly code = 'stopped';
}

export interface OffLoopWorkerOptions {
  /** For every job together, from the worker's start: past it the worker is ended. */
  timeLimitMs: number;
  signal?: AbortSignal;
}

/** One worker for the jobs of one call (a grep over many files); close() it when done. */
export class OffLoopWorker {
  private readonly worker = new Worker(new URL('./text-worker.mjs', import.meta.url));
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private nextId = 0;
  private failure: Error | undefined;
  private readonly timer: NodeJS.Timeout;
  private readonly onAbort = () => this.fail(new OffLoopStoppedError('The call was stopped.'));

  constructor(private readonly options: OffLoopWorkerOptions) {
    this.worker.on('message', ({ id, value, error }: { id: number; value?: unknown; error?: string }) => {
      const waiter = this.pending.get(id);
      this.pending.delete(id);
      if (error === undefined) waiter?.resolve(value);
      else waiter?.reject(new Error(error));
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`The text worker ended unexpectedly (exit code ${code}).`)));
    this.timer = setTimeout(() => this.fail(new OffLoopTimeLimitError(options.timeLimitMs)), options.timeLimitMs);
    options.signal?.addEventListener('abort', this.onAbort, { once: true });
    if (options.signal?.aborted) this.onAbort();
  }

  run<Job extends OffLoopJob>(job: Job): Promise<JobResult<Job>> {
    if (this.failure) return Promise.reject(this.failure);
    const id = (this.nextId += 1);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ id, job });
    });
  }

  /** Ends the worker; jobs still waiting are rejected. */
  async close(): Promise<void> {
    this.fail(new Error('The text worker was closed.'));
  }

  /** The first failure wins: every waiting job gets it, the worker ends, later runs are refused. */
  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    clearTimeout(this.timer);
    this.options.signal?.removeEventListener('abort', this.onAbort);
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
    void this.worker.terminate();
  }
}

/** Runs one job in a worker of its own. */
export async function runOffLoop<Job extends OffLoopJob>(job: Job, options: OffLoopWorkerOptions): Promise<JobResult<Job>> {
  const worker = new OffLoopWorker(options);
  try {
    return await worker.run(job);
  } finally {
    await worker.close();
  }
}
