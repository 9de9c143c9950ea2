import { describe, expect, it } from 'vitest';
import { TokenBucket } from './token-bucket';

describe('TokenBucket', () => {
  it('lets a burst through, then the steady rate', () => {
    let now = 0;
    const bucket = new TokenBucket({ capacity: 3, perSecond: 10, now: () => now });
    expect([bucket.tryTake(), bucket.tryTake(), bucket.tryTake(), bucket.tryTake()]).toEqual([true, true, true, false]);
    expect(bucket.waitMs()).toBe(100);
    now = 100;
    expect(bucket.tryTake()).toBe(true);
    expect(bucket.tryTake()).toBe(false);
  });

  it('never holds more than its capacity, and takes all of a batch or none of it', () => {
    let now = 0;
    const bucket = new TokenBucket({ capacity: 5, perSecond: 10, now: () => now });
    now = 60_000;
    expect(bucket.tryTake(6)).toBe(false);
    expect(bucket.waitMs(6)).toBe(Number.POSITIVE_INFINITY);
    expect(bucket.tryTake(5)).toBe(true);
    expect(bucket.tryTake(1)).toBe(false);
  });
});
