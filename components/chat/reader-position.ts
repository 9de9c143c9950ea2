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

/** What tells the reader's own move from the list's or the browser's, read only when needed. */
export interface MoveWitnesses {
  /** The entries in view stand where they stood at the last reading. */
  entriesInViewHeld(): boolean;
  /** The reader's hand is on the list: a wheel turned, a finger or a button on it, a scrolling key (./reader-input.ts). */
  readerMoving(): boolean;
}

/**
 * Whether the view stays pinned to the bottom (following what arrives there) after a move from
 * `before` to `now`. Only the reader moves the view away from the bottom, and only by scrolling up:
 * content growing below (which may land in the same frame as a scroll event) moves no scrollTop.
 * Two moves up are not the reader's, though the list's total height cannot tell them from one when
 * the answer also grew in that frame:
 * - the list's own correction when an entry above the view turns out shorter than estimated (a
 *   folded tool call): scrollTop goes up by what the entry lost, and the entries in view stay put;
 * - the browser's clamp when the content was shorter for a moment within the frame (an entry
 *   redrawn, its old part gone before its new part is measured): the view lands at the bottom of
 *   the shorter content, and the entries in view move down.
 * So a move up beyond what the content lost lets go of the bottom when the entries in view moved
 * with it, and, in a frame where the content changed height, only under the reader's hand or when
 * it goes further than a screen (a find in the page, a link, a script: no clamp of a redraw at the
 * end of an answer goes that far).
 */
export function staysPinned(pinned: boolean, before: ListReading, now: ListReading, witnesses: MoveWitnesses): boolean {
  if (distanceToBottom(now) < PINNED_DISTANCE_PX) return true;
  const movedUp = now.scrollTop - before.scrollTop;
  const shrunk = Math.min(0, now.scrollHeight - before.scrollHeight);
  if (movedUp >= shrunk - 1 || witnesses.entriesInViewHeld()) return pinned;
  const listsOwn = now.scrollHeight !== before.scrollHeight && -movedUp <= now.clientHeight && !witnesses.readerMoving();
  return listsOwn ? pinned : false;
}
