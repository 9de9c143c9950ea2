import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STOP_GRACE_MS, stopWithGrace } from './stop-with-grace';

// The grace period is time itself: fake timers move it on without waiting.
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function watched(ask: () => void | Promise<unknown> = () => undefined) {
  const turn = new AbortController();
  const calls: string[] = [];
  const stop = stopWithGrace(turn.signal, {
    ask: () => {
      calls.push('ask');
      return ask();
    },
    giveUp: async () => {
      calls.push('give up');
    },
  });
  return { turn, calls, stop };
}

describe('stopWithGrace', () => {
  it('asks the agent on Stop and gives up on it once the grace period is over', async () => {
    const { turn, calls, stop } = watched();
    expect(calls).toEqual([]);
    turn.abort();
    expect(calls).toEqual(['ask']);
    await vi.advanceTimersByTimeAsync(STOP_GRACE_MS - 1);
    expect(calls).toEqual(['ask']);
    expect(stop.graceOver.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual(['ask', 'give up']);
    expect(stop.graceOver.aborted).toBe(true);
  });

  it('does not give up on a turn that ended within the grace period', async () => {
    const { turn, calls, stop } = watched();
    turn.abort();
    stop.done();
    await vi.advanceTimersByTimeAsync(STOP_GRACE_MS * 2);
    expect(calls).toEqual(['ask']);
    expect(stop.graceOver.aborted).toBe(false);
  });

  it('neither asks nor gives up for a turn that ended before Stop', async () => {
    const { turn, calls, stop } = watched();
    stop.done();
    turn.abort();
    await vi.advanceTimersByTimeAsync(STOP_GRACE_MS * 2);
    expect(calls).toEqual([]);
  });

  it('asks at once when the turn was stopped before it was watched', () => {
    const turn = new AbortController();
    turn.abort();
    const asked: string[] = [];
    stopWithGrace(turn.signal, { ask: () => void asked.push('ask'), giveUp: () => undefined }).done();
    expect(asked).toEqual(['ask']);
  });

  it('starts the grace period once an asking request is answered', async () => {
    let answer: () => void = () => undefined;
    const { turn, calls } = watched(() => new Promise<void>((resolve) => (answer = resolve)));
    turn.abort();
    await vi.advanceTimersByTimeAsync(STOP_GRACE_MS * 2);
    expect(calls).toEqual(['ask']);
    answer();
    await vi.advanceTimersByTimeAsync(STOP_GRACE_MS);
    expect(calls).toEqual(['ask', 'give up']);
  });

  it('gives up at once on an agent that could not be asked', async () => {
    const { turn, calls, stop } = watched(() => Promise.reject(new Error('connection refused')));
    turn.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual(['ask', 'give up']);
    expect(stop.graceOver.aborted).toBe(true);
  });

  it('ends the grace even when giving up on the agent fails', async () => {
    const turn = new AbortController();
    const stop = stopWithGrace(turn.signal, { ask: () => undefined, giveUp: () => Promise.reject(new Error('could not stop it')) });
    turn.abort();
    await vi.advanceTimersByTimeAsync(STOP_GRACE_MS);
    expect(stop.graceOver.aborted).toBe(true);
  });
});
