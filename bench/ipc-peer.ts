/**
 * Requests between the bench and the processes it starts, over Node's IPC channel: the bench asks
 * (a clock reading, CPU used so far, a JSON-RPC call made from the client's socket) and the child
 * answers by id. The channel is apart from the socket under test, so asking costs that socket nothing.
 */
import type { ChildProcess } from 'node:child_process';
import { PerformanceObserver } from 'node:perf_hooks';

interface Request {
  ipcId: number;
  message: Record<string, unknown> & { type: string };
}

interface Answer {
  ipcId: number;
  result?: unknown;
  error?: string;
}

/** Milliseconds on the machine's monotonic clock, the same in every process (Linux CLOCK_MONOTONIC). */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

export class IpcPeer {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();

  constructor(private readonly child: ChildProcess) {
    child.on('message', (raw: unknown) => {
      const answer = raw as Answer;
      const waiter = this.pending.get(answer.ipcId);
      if (!waiter) return;
      this.pending.delete(answer.ipcId);
      if (answer.error !== undefined) waiter.reject(new Error(answer.error));
      else waiter.resolve(answer.result);
    });
    child.once('exit', (code, signal) => {
      for (const waiter of this.pending.values()) waiter.reject(new Error(`the bench child exited (${code ?? signal}) before it answered`));
      this.pending.clear();
    });
  }

  ask<T>(message: Record<string, unknown> & { type: string }): Promise<T> {
    const ipcId = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(ipcId, { resolve: resolve as (value: unknown) => void, reject });
      this.child.send({ ipcId, message } satisfies Request);
    });
  }
}

export type IpcHandler = (message: Record<string, unknown> & { type: string }) => unknown;

/**
 * In a child: answers the bench's requests with `handler`, which also knows `clock` (this process's
 * monotonic reading), `usage` (CPU microseconds used so far) and `gc` (milliseconds the main thread
 * was paused for garbage collection so far) without being told.
 */
export function answerIpc(handler: IpcHandler = () => undefined): void {
  if (!process.send) throw new Error('this bench child needs an IPC channel (start it with an "ipc" stdio entry)');
  const gcPauses = watchGcPauses();
  process.on('message', (raw: unknown) => {
    const { ipcId, message } = raw as Request;
    const reply = (answer: Omit<Answer, 'ipcId'>) => process.send?.({ ipcId, ...answer });
    Promise.resolve()
      .then(() => {
        if (message.type === 'clock') return monotonicMs();
        if (message.type === 'usage') {
          const { user, system } = process.cpuUsage();
          return user + system;
        }
        if (message.type === 'gc') return gcPauses.totalMs;
        return handler(message);
      })
      .then(
        (result) => reply({ result }),
        (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
      );
  });
  // The bench going away leaves nothing running.
  process.once('disconnect', () => process.exit(0));
}

/**
 * Sums the pauses of every collection, minor and major. A collection's entry reaches the observer
 * a task after it ends, so a reading taken at once may miss the last one: over an answer of many
 * collections the error is one pause at most, for every contender alike.
 */
function watchGcPauses(): { totalMs: number } {
  const pauses = { totalMs: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) pauses.totalMs += entry.duration;
  }).observe({ entryTypes: ['gc'] });
  return pauses;
}
