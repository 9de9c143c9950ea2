import { useEffect, useState, useSyncExternalStore } from 'react';
import { isScrollbarGrabbed, scrollbarGrabsEnded, subscribeScrollbarGrab } from './fast-scroll';

/**
 * The margin the list draws beyond its visible part, above and below, as it opens: none in its
 * first frame, then more a task after each frame painted, up to `full`. With the whole margin from
 * the start, the list drew a screen and a half at the top of the loaded page, went to the newest
 * entries and drew those and a screen above them, all in one task, over 50 ms on a thread of
 * ordinary entries. Without it the first frame draws what is seen, and the margin's entries come
 * in tasks of their own: the reader sees no blank, as nothing scrolls them into view before then.
 * The margin grows once the list shows where it opens (`arrived`), not at the top of the page it
 * drew first: that margin would be drawn for nothing.
 */
export function useOpeningMargin(listKey: string, arrived: boolean, full: number): number {
  const steps = [0, full / 2, full];
  const [opened, setOpened] = useState({ key: listKey, step: 0 });
  const step = opened.key === listKey ? opened.step : 0;
  useEffect(() => {
    if (!arrived || step === steps.length - 1) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame's callback runs before that frame is painted; a timeout set there, after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setOpened({ key: listKey, step: step + 1 }));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [listKey, arrived, step, steps.length]);
  return steps[step] ?? full;
}

/**
 * The list's margin: grown as it opens (useOpeningMargin), none while the reader's button is down
 * on its scrollbar, and grown back the same way once it is released. A drag's first moves come
 * before the list knows its speed and shows placeholders (./entry-placeholder.tsx); with the
 * margin, each drew a screen and a half of entries, 30–60 ms a frame on a long thread; without it,
 * only what comes into view.
 */
export function useListMargin(listKey: string, arrived: boolean, full: number): number {
  const grabbed = useSyncExternalStore(subscribeScrollbarGrab, isScrollbarGrabbed, () => false);
  const grabsEnded = useSyncExternalStore(subscribeScrollbarGrab, scrollbarGrabsEnded, () => 0);
  const margin = useOpeningMargin(`${listKey}:${grabsEnded}`, arrived && !grabbed, full);
  return grabbed ? 0 : margin;
}
