import { describe, expect, it } from 'vitest';
import { OffLoopStoppedError, OffLoopTimeLimitError, OffLoopWorker } from './off-loop-worker';

/** Backtracks catastrophically on any longer line without a `#`: it would run for ages. */
const CATASTROPHIC = '^(\\S*\\s?)*#$';
const ORDINARY_CODE = 'export function computeTotal(items, taxRate) { return items.reduce((sum, item) => sum + item.price, 0) * taxRate; }';

const grep = (source: string, text: string) => ({ kind: 'grep' as const, source, flags: '', text, maxMatches: 10 });

describe('OffLoopWorker', () => {
  it('runs grep jobs one after the other, with line numbers', async () => {
    const worker = new OffLoopWorker({ timeLimitMs: 30_000 });
    try {
      expect(await worker.run(grep('b', 'a\nb\nab\n'))).toEqual([
        { line: 2, text: 'b' },
        { line: 3, text: 'ab' },
      ]);
      expect(await worker.run(grep('x', 'a\n'))).toEqual([]);
    } finally {
      await worker.close();
    }
  });

  it('ends a catastrophic pattern at its time limit while the event loop goes on', async () => {
    const worker = new OffLoopWorker({ timeLimitMs: 300 });
    let answeredMeanwhile = false;
    setImmediate(() => (answeredMeanwhile = true));
    await expect(worker.run(grep(CATASTROPHIC, ORDINARY_CODE))).rejects.toBeInstanceOf(OffLoopTimeLimitError);
    expect(answeredMeanwhile).toBe(true);
    await expect(worker.run(grep('a', 'a'))).rejects.toBeInstanceOf(OffLoopTimeLimitError);
  });

  it('ends when its call is stopped', async () => {
    const stop = new AbortController();
    const worker = new OffLoopWorker({ timeLimitMs: 60_000, signal: stop.signal });
    const running = worker.run(grep(CATASTROPHIC, ORDINARY_CODE));
    setImmediate(() => stop.abort());
    await expect(running).rejects.toBeInstanceOf(OffLoopStoppedError);
  });

  it('reports a job that fails in the worker, and goes on', async () => {
    const worker = new OffLoopWorker({ timeLimitMs: 30_000 });
    try {
      await expect(worker.run(grep('(', 'a'))).rejects.toThrow(/Invalid regular expression/);
      expect(await worker.run(grep('a', 'a'))).toEqual([{ line: 1, text: 'a' }]);
    } finally {
      await worker.close();
    }
  });
});
