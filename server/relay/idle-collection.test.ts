import { afterEach, describe, expect, it, vi } from 'vitest';
import { runInNewContext } from 'node:vm';
import { fullCollection, IdleCollection, oldGenerationUsed } from './idle-collection';

describe('IdleCollection', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A heap whose old generation the test sets; a collection brings it back to `live` bytes. */
  function heap(live: number) {
    const state = { used: live, collections: 0 };
    const collect = () => {
      state.collections += 1;
      state.used = live;
    };
    return { state, collect, oldGenerationUsed: () => state.used };
  }

  it('collects once, a delay after the last running turn ended, and not while any turn runs', () => {
    vi.useFakeTimers();
    const collect = vi.fn();
    const idle = new IdleCollection(collect, { delayMs: 300, growthBeforeCollectionBytes: 0 });
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
    const idle = new IdleCollection(collect, { delayMs: 300, growthBeforeCollectionBytes: 0 });
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

  it('collects only once the old generation has grown by the set amount since it was last collected', () => {
    vi.useFakeTimers();
    const { state, collect, oldGenerationUsed } = heap(40);
    const idle = new IdleCollection(collect, { delayMs: 300, growthBeforeCollectionBytes: 3, oldGenerationUsed });
    const turn = (growth: number) => {
      idle.turnsChanged(true);
      state.used += growth;
      idle.turnsChanged(false);
      vi.advanceTimersByTime(300);
    };
    turn(1);
    turn(1);
    expect(state.collections).toBe(0);
    turn(1);
    expect(state.collections).toBe(1);
    // Counted again from the size the collection left.
    turn(2);
    expect(state.collections).toBe(1);
    turn(1);
    expect(state.collections).toBe(2);
  });

  it('counts the growth from where V8 left the heap when it collected on its own', () => {
    vi.useFakeTimers();
    const { state, collect, oldGenerationUsed } = heap(40);
    state.used = 45;
    const idle = new IdleCollection(collect, { delayMs: 300, growthBeforeCollectionBytes: 3, oldGenerationUsed });
    // V8 collected during a turn: the heap is smaller than the relay last knew it.
    state.used = 41;
    idle.turnsChanged(false);
    vi.advanceTimersByTime(300);
    state.used = 43;
    idle.turnsChanged(false);
    vi.advanceTimersByTime(300);
    expect(state.collections).toBe(0);
    state.used = 44;
    idle.turnsChanged(false);
    vi.advanceTimersByTime(300);
    expect(state.collections).toBe(1);
  });
});

describe('oldGenerationUsed', () => {
  it('counts what the old generation holds, and grows when long-lived objects are kept', () => {
    const collect = fullCollection()!;
    collect();
    const before = oldGenerationUsed();
    expect(before).toBeGreaterThan(0);
    // Survivors of two collections are moved to the old generation.
    const kept = Array.from({ length: 100_000 }, (_, index) => ({ index }));
    collect();
    collect();
    expect(oldGenerationUsed()).toBeGreaterThan(before + 1_000_000);
    expect(kept).toHaveLength(100_000);
  });

  it('leaves out large objects still in the young generation', () => {
    const collect = fullCollection()!;
    collect();
    const before = oldGenerationUsed();
    // Over V8's largest regular object: it is made in the young generation's large object space.
    const large = new Array(200_000).fill(0);
    expect(oldGenerationUsed()).toBeLessThan(before + 1_000_000);
    expect(large).toHaveLength(200_000);
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
