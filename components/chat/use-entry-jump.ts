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
  /** To the end of the list, from a thread just opened at its end. */
  holdAtEnd(): void;
}

export function useEntryJump(
  list: RefObject<VirtuosoHandle | null>,
  scroller: RefObject<HTMLElement | null>,
  firstIndex: RefObject<number>,
  hooks: { rememberAnchor: () => void; toBottom: (element: HTMLElement) => void },
): ViewHolds {
  const { rememberAnchor, toBottom } = hooks;
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
  const holdAtEnd = useCallback(() => hold(atBottom, toBottom), [hold, toBottom]);
  return { jumpTo, holdAtEnd };
}
