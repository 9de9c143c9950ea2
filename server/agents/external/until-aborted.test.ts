import { describe, expect, it } from 'vitest';
import { untilAborted, untilStopped } from './until-aborted';

const never = new Promise<never>(() => undefined);

describe('untilAborted', () => {
  it('gives the answer when it comes first', async () => {
    expect(await untilAborted(Promise.resolve('yes'), new AbortController().signal)).toBe('yes');
  });

  it('gives undefined as soon as the signal aborts, or at once when it has', async () => {
    const stop = new AbortController();
    const waiting = untilAborted(never, stop.signal);
    stop.abort();
    expect(await waiting).toBeUndefined();
    expect(await untilAborted(Promise.resolve('late'), stop.signal)).toBeUndefined();
  });

  it('turns a stopped wait for a card into a rejection by the user', async () => {
    const stop = new AbortController();
    const waiting = untilStopped(never, stop.signal);
    stop.abort();
    expect(await waiting).toEqual({ decision: 'rejected', decidedBy: 'user' });
    expect(
      await untilStopped(Promise.resolve({ decision: 'approved', decidedBy: 'config' } as const), new AbortController().signal),
    ).toEqual({
      decision: 'approved',
      decidedBy: 'config',
    });
  });
});
