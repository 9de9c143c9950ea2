/** Within this many pixels of the bottom, new content keeps the view pinned to the bottom. */
export const PINNED_DISTANCE_PX = 48;

/** The list's scroller, as read at a scroll event or a change of its height. */
export interface ListReading {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

export function distanceToBottom(reading: ListReading): number {
  return reading.scrollHeight - reading.scrollTop - reading.clientHeight;
}

/**
 * Whether the view stays pinned to the bottom (following what arrives there) after a move from
 * `before` to `now`. Only the reader moves the view away from the bottom, and only by scrolling up:
 * content growing below (which may land in the same frame as a scroll event) moves no scrollTop. Nor
 * does the list's own correction when an entry above the view turns out shorter than estimated (a
 * folded tool call): that moves scrollTop up by what the entry lost and leaves the entries in view
 * where they stood. In a frame where a streaming answer also grew, the list's total height cannot
 * tell the two apart (the growth below hides the loss above), so a move up counts as the reader's
 * only if the entries in view moved with it (`entriesInViewHeld` false).
 */
export function staysPinned(pinned: boolean, before: ListReading, now: ListReading, entriesInViewHeld: () => boolean): boolean {
  if (distanceToBottom(now) < PINNED_DISTANCE_PX) return true;
  const movedUp = now.scrollTop - before.scrollTop;
  const shrunk = Math.min(0, now.scrollHeight - before.scrollHeight);
  if (movedUp < shrunk - 1 && !entriesInViewHeld()) return false;
  return pinned;
}
