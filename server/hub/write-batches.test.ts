import { describe, expect, it } from 'vitest';
import { type Waiter, WriteBatches } from './write-batches';

/** An item of a batch: a number, and no caller waiting for it. */
interface Numbered {
  n: number;
  done?: Waiter;
}

/** Batches of numbers, each write noted as the numbers it carried. */
function numberBatches(maxBatch: number) {
  const written: number[][] = [];
  const batches = new WriteBatches<Numbered>(
    async (batch) => {
      written.push(batch.map((item) => item.n));
    },
    { maxBatch },
  );
  return { written, batches, add: (from: number, to: number) => Array.from({ length: to - from }, (_, i) => batches.add({ n: from + i })) };
}

describe('WriteBatches', () => {
  it('writes what one turn of the event loop queued as one batch, once that turn has run', async () => {
    const { written, batches, add } = numberBatches(4);
    add(0, 3);
    await Promise.resolve();
    expect(written).toEqual([]);
    await batches.settled();
    expect(written).toEqual([[0, 1, 2]]);
  });

  it('writes a full batch before the turn that filled it ends, and the rest after it, in order', async () => {
    const { written, batches, add } = numberBatches(3);
    add(0, 7);
    // Microtasks run before the turn's end: a write waiting for it would not have begun.
    await Promise.resolve();
    expect(written).toEqual([[0, 1, 2]]);
    await new Promise((resolve) => queueMicrotask(() => resolve(undefined)));
    await batches.written();
    expect(written.flat()).toEqual([0, 1, 2, 3, 4, 5]);
    await batches.settled();
    expect(written).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
  });

  it('never starts a second write while one is under way, though the end of a turn and a full batch both asked for one', async () => {
    const written: number[][] = [];
    let running = 0;
    let most = 0;
    const batches = new WriteBatches<Numbered>(
      async (batch) => {
        running += 1;
        most = Math.max(most, running);
        // Each write lasts past the end of the turn, as a write through Prisma does.
        await new Promise((resolve) => setImmediate(resolve));
        written.push(batch.map((item) => item.n));
        running -= 1;
      },
      { maxBatch: 2 },
    );
    for (let n = 0; n < 7; n += 1) batches.add({ n });
    await batches.settled();
    expect(most).toBe(1);
    expect(written).toEqual([[0, 1], [2, 3], [4, 5], [6]]);
  });
});
