import { afterEach, describe, expect, it, vi } from 'vitest';
import { runInNewContext } from 'node:vm';
import { fullCollection, IdleCollection } from './idle-collection';

describe('IdleCollection', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('collects once, a delay after the last running turn ended, and not while any turn runs', () => {
    vi.useFakeTimers();
    const collect = vi.fn();
    const idle = new IdleCollection(collect, 300);
    idle.turnsChanged(true);
    vi.advanceTimersByTime(1_000);
    expect(collect).not.toHaveBeenCalled();
    idle.turnsChanged(false);
    vi.advanceTimersByTime(299);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it('drops the collection when a turn starts before the delay is over, and when it closes', () => {
    vi.useFakeTimers();
    const collect = vi.fn();
    const idle = new IdleCollection(collect, 300);
    idle.turnsChanged(false);
    vi.advanceTimersByTime(200);
    idle.turnsChanged(true);
    vi.advanceTimersByTime(1_000);
    expect(collect).not.toHaveBeenCalled();
    idle.turnsChanged(false);
    idle.close();
    vi.advanceTimersByTime(1_000);
    expect(collect).not.toHaveBeenCalled();
  });
});

describe('fullCollection', () => {
  it('runs a real collection, and leaves the gc function out of every other context', async () => {
    const collect = fullCollection();
    expect(collect).toBeTypeOf('function');
    // An object only a collection can take away: its weak reference empties once collected.
    let held: object | undefined = { large: new Array(1_000).fill('x') };
    const weak = new WeakRef(held);
    held = undefined;
    // A weak reference keeps its object until the job that made it is over.
    await new Promise((resolve) => setImmediate(resolve));
    collect!();
    expect(weak.deref()).toBeUndefined();
    expect(runInNewContext('typeof gc')).toBe('undefined');
  });
});
