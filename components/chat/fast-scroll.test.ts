import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isListScrollingFast, noteListScroll, subscribeListScrollingFast } from './fast-scroll';

describe('a list scrolled faster than anyone reads', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.runAllTimers();
    vi.useRealTimers();
  });

  it('is not fast while read at a reading pace', () => {
    const changes = vi.fn();
    const unsubscribe = subscribeListScrollingFast(changes);
    for (let step = 0; step <= 20; step++) noteListScroll(step * 16, 1_000 + step * 16);
    expect(isListScrollingFast()).toBe(false);
    expect(changes).not.toHaveBeenCalled();
    unsubscribe();
  });

  it('is fast while dragged a screen and more a frame, and says so once; slows down once the drag stops', () => {
    const changes = vi.fn();
    const unsubscribe = subscribeListScrollingFast(changes);
    noteListScroll(100_000, 2_000);
    for (let step = 1; step <= 10; step++) noteListScroll(100_000 - step * 1_500, 2_000 + step * 16);
    expect(isListScrollingFast()).toBe(true);
    expect(changes).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect(isListScrollingFast()).toBe(false);
    expect(changes).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});
