'use client';

import { type RefObject, useCallback, useRef } from 'react';

/** An entry in view and how far its top is from the view's top. */
interface Anchor {
  index: string;
  offset: number;
}

/**
 * The entry to hold in place. Moving down, the one at the top of the view: it was in view before,
 * while what comes in below may still be drawn at an estimated height. Moving up, for the same
 * reason, the last one whose top is in view (the list's own correction holds that side too).
 */
function anchorEntryOf(scroller: HTMLElement, movingUp: boolean): Anchor | null {
  const view = scroller.getBoundingClientRect();
  let chosen: Anchor | null = null;
  for (const item of scroller.querySelectorAll<HTMLElement>('[data-entry-index]')) {
    const box = item.getBoundingClientRect();
    if (box.bottom <= view.top) continue;
    if (box.top >= view.bottom) break;
    chosen = { index: item.dataset.entryIndex ?? '', offset: box.top - view.top };
    if (!movingUp) break;
  }
  return chosen;
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

/** Frames a restore waits at most for the entries' places to stop changing. */
const MAX_WAIT_FRAMES = 10;

/**
 * Keeps what the reader sees in place when entries around it change height: an answer drawn first
 * as a sketch and then by the Markdown renderer, entries drawn at an estimated height and then
 * measured, a page of older entries put in front. The list makes up for some of these itself, a
 * frame or two late; so a restore (after the list's height changed) waits until the anchor entry
 * has stood at the same place for two frames running, then scrolls by what it moved since
 * `remember` (on every scroll, the reader's or the list's own) read its place.
 */
export function useScrollAnchor(scroller: RefObject<HTMLElement | null>, anchored: () => boolean) {
  const anchor = useRef<Anchor | null>(null);
  const frame = useRef(0);
  const lastScrollTop = useRef(0);
  const movingUp = useRef(false);
  const remember = useCallback(() => {
    const element = scroller.current;
    if (!element || listCorrecting(element)) return;
    if (element.scrollTop !== lastScrollTop.current) movingUp.current = element.scrollTop < lastScrollTop.current;
    lastScrollTop.current = element.scrollTop;
    anchor.current = anchorEntryOf(element, movingUp.current);
  }, [scroller]);
  const driftOf = useCallback((element: HTMLElement): number | undefined => {
    const before = anchor.current;
    const item = before && element.querySelector<HTMLElement>(`[data-entry-index="${before.index}"]`);
    if (!before || !item) return undefined;
    return item.getBoundingClientRect().top - element.getBoundingClientRect().top - before.offset;
  }, []);
  // Whether the entry remembered at the last scroll still stands where it stood in the view: true
  // after the list's own correction for an entry above it changing height, false after the reader
  // moved the view (or the entry left the page).
  const held = useCallback(() => {
    const element = scroller.current;
    const drift = element ? driftOf(element) : undefined;
    return drift !== undefined && Math.abs(drift) < 1;
  }, [scroller, driftOf]);
  const restore = useCallback(() => {
    cancelAnimationFrame(frame.current);
    const restoreWhenStill = (framesLeft: number, driftBefore: number | undefined) => {
      const element = scroller.current;
      if (!element) return;
      const drift = listCorrecting(element) ? undefined : driftOf(element);
      const still = drift !== undefined && driftBefore !== undefined && Math.abs(drift - driftBefore) < 1;
      if (!still && framesLeft > 0 && (drift !== undefined || listCorrecting(element))) {
        frame.current = requestAnimationFrame(() => restoreWhenStill(framesLeft - 1, drift));
        return;
      }
      if (drift !== undefined && Math.abs(drift) >= 1 && anchored()) element.scrollTop += drift;
      remember();
    };
    frame.current = requestAnimationFrame(() => restoreWhenStill(MAX_WAIT_FRAMES, undefined));
  }, [scroller, anchored, remember, driftOf]);
  return { remember, restore, held };
}
