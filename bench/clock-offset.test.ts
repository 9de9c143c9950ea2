import { describe, expect, it } from 'vitest';
import { estimateOffset, measureOffset } from './clock-offset';

describe('estimateOffset', () => {
  it('reads the offset from the sample with the shortest round trip', () => {
    // The child's clock runs 500 ms ahead; the slow sample's answer was delayed on its way back.
    const offset = estimateOffset([
      { askedAt: 0, remoteAt: 520, answeredAt: 60 },
      { askedAt: 100, remoteAt: 601, answeredAt: 102 },
    ]);
    expect(offset).toEqual({ offset: 500, uncertainty: 1 });
  });

  it('takes clocks whose offset is within the uncertainty to be one clock', () => {
    expect(estimateOffset([{ askedAt: 10, remoteAt: 10.5, answeredAt: 12 }])).toEqual({ offset: 0, uncertainty: 1 });
  });

  it('refuses no samples and a sample answered before it was asked', () => {
    expect(() => estimateOffset([])).toThrow('at least one sample');
    expect(() => estimateOffset([{ askedAt: 5, remoteAt: 5, answeredAt: 4 }])).toThrow('answered (4) before it was asked (5)');
  });
});

describe('measureOffset', () => {
  it('finds a child clock that runs behind', async () => {
    let now = 0;
    // Each request takes 2 ms each way; the child's clock stands 1,000 ms behind the bench's.
    const ask = async () => {
      now += 2;
      const remote = now - 1_000;
      now += 2;
      return remote;
    };
    expect(await measureOffset(ask, () => now, 3)).toEqual({ offset: -1_000, uncertainty: 2 });
  });
});
