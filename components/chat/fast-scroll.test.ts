import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isListDragged, isListScrollingFast, noteListScroll, subscribeListScrollingFast } from './fast-scroll';

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

  it('is dragged after several fast moves in a row, not after a jump, and no longer once it slows down', () => {
    // A jump to an entry far away, from rest: one move, then the list's correction.
    noteListScroll(250_000, 5_000);
    noteListScroll(249_000, 5_016);
    expect(isListScrollingFast()).toBe(true);
    expect(isListDragged()).toBe(false);
    vi.advanceTimersByTime(1_000);
    // A drag by the scrollbar: a screen and more every frame.
    for (let step = 1; step <= 5; step++) noteListScroll(249_000 - step * 1_500, 7_000 + step * 16);
    expect(isListDragged()).toBe(true);
    // Slowed to a reading pace: no longer dragged, even before it counts as slowed down.
    noteListScroll(249_000 - 5 * 1_500 - 10, 7_000 + 6 * 16);
    expect(isListDragged()).toBe(false);
    vi.advanceTimersByTime(1_000);
    expect(isListScrollingFast()).toBe(false);
  });
});
