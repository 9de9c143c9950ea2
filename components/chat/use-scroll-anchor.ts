'use client';

import { type RefObject, useCallback, useRef } from 'react';

/** The entry at the top of the view and how far its top is from the view's top. */
interface Anchor {
  index: string;
  offset: number;
}

function topEntryOf(scroller: HTMLElement): Anchor | null {
  const top = scroller.getBoundingClientRect().top;
  for (const item of scroller.querySelectorAll<HTMLElement>('[data-entry-index]')) {
    const box = item.getBoundingClientRect();
    if (box.bottom > top) return { index: item.dataset.entryIndex ?? '', offset: box.top - top };
  }
  return null;
}

/**
 * Whether the list is in the middle of its own correction for entries put in front (a page of
 * older entries): it first shifts its items down by a margin, then scrolls by as much and drops the
 * margin, a frame or two apart. Between those steps the entries sit where they will not stay, so
 * their place is neither remembered nor corrected: correcting it would undo the list's own scroll.
 */
function listCorrecting(scroller: HTMLElement): boolean {
  const margin = scroller.querySelector<HTMLElement>('[data-testid="virtuoso-item-list"]')?.style.marginTop;
  return margin !== undefined && margin !== '' && margin !== '0px' && margin !== 'auto';
}

/** Frames a restore waits at most for the list to finish its own correction. */
const MAX_WAIT_FRAMES = 10;
/**
 * The list counts the reader as scrolling up until this long after a scroll up (react-virtuoso's
 * own debounce of its scroll direction); meanwhile it makes up for entries above that change height
 * itself, and a second correction would move the view twice.
 */
const LIST_SCROLLING_UP_MS = 50;

/**
 * Keeps what the reader sees in place when entries above it change height: an answer drawn first
 * as a sketch and then by the Markdown renderer, a page of older entries measured after it was
 * put in front. The list corrects such changes itself only while the reader scrolls up; a change
 * while they page down, or one it measures a frame late, would move the view by that much.
 * `remember` reads the top entry's place (on every scroll, the reader's or the list's own);
 * `restore` (after the list's height changed) scrolls by what that entry moved since.
 */
export function useScrollAnchor(scroller: RefObject<HTMLElement | null>, anchored: () => boolean) {
  const anchor = useRef<Anchor | null>(null);
  const frame = useRef(0);
  const lastScrollTop = useRef(0);
  const scrolledUpAt = useRef(-Infinity);
  const remember = useCallback(() => {
    const element = scroller.current;
    if (element && element.scrollTop < lastScrollTop.current) scrolledUpAt.current = performance.now();
    if (element) lastScrollTop.current = element.scrollTop;
    if (element && listCorrecting(element)) return;
    anchor.current = element ? topEntryOf(element) : null;
  }, [scroller]);
  const restore = useCallback(() => {
    cancelAnimationFrame(frame.current);
    // A frame later: by then the list has applied any correction of its own (and its scroll event
    // has been remembered), so this one only makes up what is left.
    const restoreWhenSettled = (framesLeft: number) => {
      const element = scroller.current;
      if (element && listCorrecting(element) && framesLeft > 0) {
        frame.current = requestAnimationFrame(() => restoreWhenSettled(framesLeft - 1));
        return;
      }
      const before = anchor.current;
      const item = before && element?.querySelector<HTMLElement>(`[data-entry-index="${before.index}"]`);
      const listMakesUpForIt = performance.now() - scrolledUpAt.current < LIST_SCROLLING_UP_MS;
      if (element && before && item && anchored() && !listMakesUpForIt) {
        const drift = item.getBoundingClientRect().top - element.getBoundingClientRect().top - before.offset;
        if (Math.abs(drift) >= 1) element.scrollTop += drift;
      }
      remember();
    };
    frame.current = requestAnimationFrame(() => restoreWhenSettled(MAX_WAIT_FRAMES));
  }, [scroller, anchored, remember]);
  return { remember, restore };
}
