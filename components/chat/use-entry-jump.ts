'use client';

/**
 * Takes the view to an entry, or to the thread's end, and keeps it there while the list settles.
 * One scrollToIndex is not enough: the entries around the place are drawn at estimated heights,
 * then measured, then redrawn by the Markdown renderer, and a restore of the place remembered
 * before the move (the list's top, from its first frame) can land after it on a busy machine. So
 * for a number of frames the place is checked and moved to again while the view is not there;
 * once the view has stood there for a few frames running, the hold ends (for an entry, its place
 * is what the scroll anchor holds from then on). The reader's own wheel, touch, key or pointer
 * ends the hold at once: they move where they like.
 */
import { type RefObject, useCallback, useEffect, useRef } from 'react';
import type { VirtuosoHandle } from 'react-virtuoso';

/** Frames a hold goes on at most while the entries around its place are measured. */
const MAX_HOLD_FRAMES = 60;
/** Frames running the view must stand at its place before the hold ends. */
const STILL_FRAMES = 3;
const READER_INPUTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

function entryInView(scroller: HTMLElement, index: number): boolean {
  const item = scroller.querySelector<HTMLElement>(`[data-entry-index="${index}"]`);
  if (!item) return false;
  const view = scroller.getBoundingClientRect();
  const box = item.getBoundingClientRect();
  return box.top < view.bottom && box.bottom > view.top;
}

const atBottom = (scroller: HTMLElement) => scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < 1;

export interface ViewHolds {
  /** To the entry (counted in the thread), centred. */
  jumpTo(index: number): void;
  /** To the end of the list, from a thread just opened at its end; let go once the list no longer holds that end. */
  holdAtEnd(): void;
}

export function useEntryJump(
  list: RefObject<VirtuosoHandle | null>,
  scroller: RefObject<HTMLElement | null>,
  firstIndex: RefObject<number>,
  hooks: {
    rememberAnchor: () => void;
    toBottom: (element: HTMLElement) => void;
    /** The thread's newest entry, counted in the thread, while the list holds it; null in a window short of the end. */
    newestEntry: RefObject<number | null>;
  },
): ViewHolds {
  const { rememberAnchor, toBottom, newestEntry } = hooks;
  const frame = useRef(0);
  const stopHold = useRef<() => void>(() => {});
  useEffect(() => () => stopHold.current(), []);

  const hold = useCallback(
    (there: (element: HTMLElement) => boolean, moveThere: (element: HTMLElement) => void) => {
      stopHold.current();
      const element = scroller.current;
      if (!element) return;
      const stop = () => {
        cancelAnimationFrame(frame.current);
        for (const input of READER_INPUTS) element.removeEventListener(input, stop);
      };
      stopHold.current = stop;
      for (const input of READER_INPUTS) element.addEventListener(input, stop, { passive: true });
      let framesThere = 0;
      const check = (framesLeft: number) => {
        if (there(element)) framesThere += 1;
        else {
          framesThere = 0;
          moveThere(element);
        }
        if (framesThere >= STILL_FRAMES || framesLeft === 0) return stop();
        frame.current = requestAnimationFrame(() => check(framesLeft - 1));
      };
      moveThere(element);
      frame.current = requestAnimationFrame(() => check(MAX_HOLD_FRAMES));
    },
    [scroller],
  );

  const jumpTo = useCallback(
    (index: number) =>
      hold(
        (element) => {
          if (!entryInView(element, index)) return false;
          rememberAnchor();
          return true;
        },
        () => list.current?.scrollToIndex({ index: index - firstIndex.current, align: 'center' }),
      ),
    [hold, list, firstIndex, rememberAnchor],
  );
  // By the scroller's own place, not the list's scrollToIndex: that one scrolls again by itself
  // whenever the list's sizes change within 150 ms of its last scroll, reading 'LAST' anew each
  // time, with no bound and no way to stop it. On a busy machine, where entries go on being measured
  // and redrawn for seconds, it took a reader who had scrolled up back to the last entry held, and
  // in a window cut off from the thread's end that paged newer entries in, one after another, back
  // to the end. There once the newest entry is drawn at the bottom: a list just mounted is no
  // taller than its view until it has measured its entries, so its bottom alone says nothing yet.
  // Once older pages put in past the bound have cut the end off, the list's bottom is the middle of
  // the thread, and moving there would page newer entries in: the hold lets go.
  const holdAtEnd = useCallback(
    () =>
      hold(
        (element) => newestEntry.current === null || (atBottom(element) && entryInView(element, newestEntry.current)),
        (element) => {
          if (newestEntry.current !== null) toBottom(element);
        },
      ),
    [hold, newestEntry, toBottom],
  );
  return { jumpTo, holdAtEnd };
}
