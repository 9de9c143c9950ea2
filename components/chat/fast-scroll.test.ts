import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isListDragged, isListScrollingFast, noteListScroll, noteReaderInput, subscribeListScrollingFast } from './fast-scroll';

/** The height of the list's view, in pixels. */
const VIEW = 800;

describe('a list scrolled faster than anyone reads', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    noteReaderInput('let-go');
    noteReaderInput('scroll-end');
    vi.runAllTimers();
    vi.useRealTimers();
  });

  it('is not fast while read at a reading pace', () => {
    const changes = vi.fn();
    const unsubscribe = subscribeListScrollingFast(changes);
    for (let step = 0; step <= 20; step++) noteListScroll(step * 16, 1_000 + step * 16, VIEW);
    expect(isListScrollingFast()).toBe(false);
    expect(changes).not.toHaveBeenCalled();
    unsubscribe();
  });

  it('is fast while moved a screen and more a frame, and says so once; slows down once it stops', () => {
    const changes = vi.fn();
    const unsubscribe = subscribeListScrollingFast(changes);
    noteListScroll(100_000, 2_000, VIEW);
    for (let step = 1; step <= 10; step++) noteListScroll(100_000 - step * 1_500, 2_000 + step * 16, VIEW);
    expect(isListScrollingFast()).toBe(true);
    expect(changes).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect(isListScrollingFast()).toBe(false);
    expect(changes).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});

describe('a list dragged by the reader', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    noteReaderInput('let-go');
    noteReaderInput('scroll-end');
    vi.runAllTimers();
    vi.useRealTimers();
  });

  it('is never dragged by its own jumps, however fast and often they come', () => {
    // A page jumping to the top again and again as older pages arrive, each with the list's correction.
    for (let jump = 0; jump < 50; jump++) {
      noteListScroll(0, 10_000 + jump * 20, VIEW);
      noteListScroll(40_000, 10_000 + jump * 20 + 8, VIEW);
    }
    expect(isListScrollingFast()).toBe(true);
    expect(isListDragged()).toBe(false);
  });

  it('is dragged by its scrollbar after a few fast moves, however far apart a busy machine puts them, until let go', () => {
    noteListScroll(250_000, 20_000, VIEW);
    noteReaderInput('hold');
    // Frames a second apart, the list a screen and more further each.
    noteListScroll(248_500, 21_000, VIEW);
    expect(isListDragged()).toBe(false);
    noteListScroll(247_000, 22_000, VIEW);
    expect(isListDragged()).toBe(true);
    vi.advanceTimersByTime(5_000);
    expect(isListDragged()).toBe(true);
    noteListScroll(245_500, 27_000, VIEW);
    expect(isListDragged()).toBe(true);
    noteReaderInput('let-go');
    expect(isListDragged()).toBe(false);
  });

  it('is no longer dragged once the reader slows to a reading pace, with the button still held', () => {
    noteListScroll(250_000, 30_000, VIEW);
    noteReaderInput('hold');
    for (let step = 1; step <= 5; step++) noteListScroll(250_000 - step * 1_500, 30_000 + step * 16, VIEW);
    expect(isListDragged()).toBe(true);
    noteListScroll(250_000 - 5 * 1_500 - 10, 30_000 + 6 * 16, VIEW);
    expect(isListDragged()).toBe(false);
  });

  it('is not dragged by one jump under the hand, a click in the scrollbar track', () => {
    noteListScroll(250_000, 40_000, VIEW);
    noteReaderInput('hold');
    noteListScroll(244_000, 40_016, VIEW);
    expect(isListDragged()).toBe(false);
  });

  it('is dragged by a wheel turned on and on, resting between turns, until the list moves on its own', () => {
    noteListScroll(250_000, 50_000, VIEW);
    // A wheel that scrolls without animation: each turn moves the list once, and it rests at once.
    for (let turn = 1; turn <= 3; turn++) {
      noteReaderInput('fling');
      noteListScroll(250_000 - turn * 1_500, 50_000 + turn * 300, VIEW);
      noteReaderInput('scroll-end');
    }
    expect(isListDragged()).toBe(true);
    // A jump of the page's, and the list's correction after it.
    noteListScroll(0, 51_000, VIEW);
    noteListScroll(1_000, 51_016, VIEW);
    expect(isListDragged()).toBe(false);
  });

  it("stays dragged through the list's own correction after each turn of the wheel", () => {
    noteListScroll(250_000, 52_000, VIEW);
    for (let turn = 1; turn <= 4; turn++) {
      noteReaderInput('fling');
      noteListScroll(250_000 - turn * 1_600, 52_000 + turn * 300, VIEW);
      noteReaderInput('scroll-end');
      noteListScroll(250_000 - turn * 1_600 + 100, 52_000 + turn * 300 + 16, VIEW);
    }
    expect(isListDragged()).toBe(true);
  });

  it("is dragged by a fling of the wheel, each of its frames the reader's until the list comes to rest", () => {
    noteListScroll(250_000, 55_000, VIEW);
    noteReaderInput('fling');
    for (let step = 1; step <= 4; step++) noteListScroll(250_000 - step * 300, 55_000 + step * 16, VIEW);
    expect(isListDragged()).toBe(true);
    noteReaderInput('scroll-end');
    for (let jump = 1; jump <= 4; jump++) noteListScroll(jump % 2 === 0 ? 0 : 40_000, 55_100 + jump * 16, VIEW);
    expect(isListDragged()).toBe(false);
  });

  it('counts a move the list makes between the reader moves as breaking the row', () => {
    noteListScroll(250_000, 60_000, VIEW);
    noteReaderInput('hold');
    noteListScroll(248_500, 60_016, VIEW);
    noteReaderInput('let-go');
    noteListScroll(100_000, 60_032, VIEW);
    noteReaderInput('hold');
    noteListScroll(98_500, 60_048, VIEW);
    expect(isListDragged()).toBe(false);
    noteListScroll(97_000, 60_064, VIEW);
    expect(isListDragged()).toBe(true);
  });
});
