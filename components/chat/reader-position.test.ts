import { describe, expect, it } from 'vitest';
import { staysPinned } from './reader-position';

// The list's readings around one scroll event of a real run, at the end of an answer: pinned at the
// bottom, then the list 43 px higher up while the thread grew by 21 px (an entry above the view
// measured 43 px shorter, and the answer 64 px longer, in the same frame).
const AT_BOTTOM = { scrollTop: 19_052, scrollHeight: 19_460, clientHeight: 407 };
const MOVED_UP_WHILE_GROWING = { scrollTop: 19_009, scrollHeight: 19_481, clientHeight: 407 };

describe('staysPinned', () => {
  it("stays pinned through the list's own correction for an entry above the view, in a frame where the answer grew", () => {
    expect(staysPinned(true, AT_BOTTOM, MOVED_UP_WHILE_GROWING, () => true)).toBe(true);
  });

  it('lets go when the reader scrolled up in that frame: the entries in view moved with the view', () => {
    expect(staysPinned(true, AT_BOTTOM, MOVED_UP_WHILE_GROWING, () => false)).toBe(false);
  });

  it('stays pinned when the view moved up by no more than the thread shrank, without asking where the entries went', () => {
    // Pinned, the answer 100 px longer and not followed yet: then an entry above loses 30 px.
    const grown = { scrollTop: 19_052, scrollHeight: 19_560, clientHeight: 407 };
    const corrected = { scrollTop: 19_022, scrollHeight: 19_530, clientHeight: 407 };
    expect(
      staysPinned(true, grown, corrected, () => {
        throw new Error('the entries in view were read');
      }),
    ).toBe(true);
    // The reader's scroll up of 60 px in that frame is more than the thread lost.
    expect(staysPinned(true, grown, { ...corrected, scrollTop: 18_992 }, () => false)).toBe(false);
  });

  it('pins again whenever the view is back near the bottom, and stays unpinned above it otherwise', () => {
    expect(staysPinned(false, MOVED_UP_WHILE_GROWING, AT_BOTTOM, () => false)).toBe(true);
    expect(staysPinned(false, MOVED_UP_WHILE_GROWING, { ...MOVED_UP_WHILE_GROWING, scrollTop: 19_020 }, () => true)).toBe(false);
  });
});
