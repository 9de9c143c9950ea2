import { describe, expect, it } from 'vitest';
import { type MoveWitnesses, staysPinned } from './reader-position';

// Readings of the list around scroll events of real runs, at the end of an answer, pinned at the bottom.
const AT_BOTTOM = { scrollTop: 19_052, scrollHeight: 19_460, clientHeight: 407 };
// The list 43 px higher up while the thread grew by 21 px: an entry above the view measured 43 px
// shorter, and the answer 64 px longer, in the same frame.
const CORRECTED_WHILE_GROWING = { scrollTop: 19_009, scrollHeight: 19_481, clientHeight: 407 };
// The answer redrawn as the turn ended: 87 px higher up, the thread 1 px taller, the entries in view moved down.
const BEFORE_REDRAW = { scrollTop: 18_998, scrollHeight: 19_480, clientHeight: 482 };
const CLAMPED_IN_REDRAW = { scrollTop: 18_911, scrollHeight: 19_481, clientHeight: 482 };

function witnesses(held: boolean, readerMoving: boolean): MoveWitnesses {
  return { entriesInViewHeld: () => held, readerMoving: () => readerMoving };
}

const NOT_ASKED: MoveWitnesses = {
  entriesInViewHeld: () => {
    throw new Error('the entries in view were read');
  },
  readerMoving: () => {
    throw new Error("the reader's input was read");
  },
};

describe('staysPinned', () => {
  it("stays pinned through the list's own correction for an entry above the view, in a frame where the answer grew", () => {
    expect(staysPinned(true, AT_BOTTOM, CORRECTED_WHILE_GROWING, witnesses(true, false))).toBe(true);
    expect(staysPinned(true, AT_BOTTOM, CORRECTED_WHILE_GROWING, witnesses(true, true))).toBe(true);
  });

  it("stays pinned through the browser's clamp while the answer is redrawn, with no hand on the list", () => {
    expect(staysPinned(true, BEFORE_REDRAW, CLAMPED_IN_REDRAW, witnesses(false, false))).toBe(true);
  });

  it('lets go when the reader scrolled up in such a frame: their hand is on the list and the entries moved', () => {
    expect(staysPinned(true, AT_BOTTOM, CORRECTED_WHILE_GROWING, witnesses(false, true))).toBe(false);
    expect(staysPinned(true, BEFORE_REDRAW, CLAMPED_IN_REDRAW, witnesses(false, true))).toBe(false);
  });

  it('lets go of a move up with no hand on the list when nothing changed height, or when it went further than a screen', () => {
    expect(staysPinned(true, AT_BOTTOM, { ...AT_BOTTOM, scrollTop: 18_952 }, witnesses(false, false))).toBe(false);
    expect(staysPinned(true, AT_BOTTOM, { ...CORRECTED_WHILE_GROWING, scrollTop: 16_052 }, witnesses(false, false))).toBe(false);
  });

  it('stays pinned when the view moved up by no more than the thread shrank, without asking why', () => {
    // Pinned, the answer 100 px longer and not followed yet: then an entry above loses 30 px.
    const grown = { scrollTop: 19_052, scrollHeight: 19_560, clientHeight: 407 };
    const corrected = { scrollTop: 19_022, scrollHeight: 19_530, clientHeight: 407 };
    expect(staysPinned(true, grown, corrected, NOT_ASKED)).toBe(true);
    // The reader's scroll up of 60 px in that frame is more than the thread lost.
    expect(staysPinned(true, grown, { ...corrected, scrollTop: 18_992 }, witnesses(false, true))).toBe(false);
  });

  it('pins again whenever the view is back near the bottom, and stays unpinned above it otherwise', () => {
    expect(staysPinned(false, CORRECTED_WHILE_GROWING, AT_BOTTOM, NOT_ASKED)).toBe(true);
    expect(staysPinned(false, CORRECTED_WHILE_GROWING, { ...CORRECTED_WHILE_GROWING, scrollTop: 19_020 }, witnesses(true, false))).toBe(
      false,
    );
  });
});
