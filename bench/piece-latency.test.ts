import { describe, expect, it } from 'vitest';
import { answerLatency } from './piece-latency';

describe('answerLatency', () => {
  it("brings both clocks to the bench's before subtracting", () => {
    // Model clock = bench + 100; client clock = bench + 50. Pieces leave at bench 0, 10, 20.
    const result = answerLatency({ sentAt: [100, 110, 120], receivedAt: [55, 65, 80], modelOffset: 100, clientOffset: 50 });
    expect(result.first).toBe(5);
    expect(result.every).toEqual([5, 5, 10]);
    // Three pieces from the first sent (0) to the last received (30).
    expect(result.piecesPerSecond).toBe(100);
  });

  it('leaves out pieces that never arrived, and has no first piece when it was lost', () => {
    const result = answerLatency({ sentAt: [10, 11, 12], receivedAt: [0, 14, 0], modelOffset: 0, clientOffset: 0 });
    expect(result.first).toBeNaN();
    expect(result.every).toEqual([3]);
    expect(result.piecesPerSecond).toBe(250);
  });

  it('refuses send and arrival times of different answers', () => {
    expect(() => answerLatency({ sentAt: [1, 2], receivedAt: [3], modelOffset: 0, clientOffset: 0 })).toThrow(
      '2 send times for 1 arrivals',
    );
  });
});
