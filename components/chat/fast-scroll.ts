/**
 * Whether the chat list is being scrolled faster than anyone reads, and whether the reader is
 * dragging it so. Entries that come into view meanwhile are gone again a few frames later; parsing
 * their Markdown then is work for text nobody sees, and at such a pace it took most of each frame.
 * They show their sketch (the same text and height, see ./markdown-sketch.tsx) until the list slows
 * down, when those still in view are parsed.
 *
 * A drag (whose entries show as placeholders, ./entry-placeholder.tsx) is told by the reader's own
 * input, read from the page's events by ./reader-input.ts: a button held on the list's scrollbar, a
 * wheel turned or a touch flung, a scrolling key held down. Never by timing alone: on a busy machine
 * a drag's frames come far apart, and the list's own moves (a jump to an entry, to the end, its
 * corrections as pages arrive) come as often as a drag's. Those never count as a drag.
 */

/** Faster than this, in pixels a millisecond (four screens of 800 px a second), no one reads. */
const READING_SPEED_PX_PER_MS = 3.2;
/** How long after the last fast move the list counts as slowed down. */
const SETTLE_MS = 150;
/**
 * Fast moves in a row under the reader's hand before the list counts as dragged: one alone is a
 * jump (a click in the scrollbar's track), whose entries are the ones the reader wants to see.
 */
const DRAGGED_AFTER_MOVES = 2;

/**
 * What the reader does to the list. `grab`: a button pressed on its scrollbar; `hold`: a finger on
 * it, a scrolling key held down (repeating); `let-go`: either released, which ends a drag; `fling`: a wheel
 * turned or a touch let go while moving, which moves the list on until `scroll-end`, when it comes
 * to rest (at once, for a wheel that scrolls without animation); `press`: a scrolling key pressed
 * once, a move of the reader's until `scroll-end` but never a drag (one page at a time).
 */
export type ReaderInput = 'grab' | 'hold' | 'let-go' | 'fling' | 'press' | 'scroll-end';

let fast = false;
let lastTop = 0;
let lastTime = 0;
let settleTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

let held = false;
let flung = false;
let pressed = false;
/**
 * Fast moves in a row, each the reader's: made while their hand held the list or its fling went on.
 * A slow one breaks the row, as letting go does; the list coming to rest does not: a wheel turned
 * on and on moves it a turn at a time, resting between turns. Nor does one move of the list's own
 * after the reader's input, its correction for entries measured as they came in; a second with no
 * input between does (a jump of the page's, and its correction).
 */
let draggedMoves = 0;
let inputSinceOwnMove = false;

/**
 * Whether the reader's button is down on the list's scrollbar (its thumb dragged, its track
 * pressed), and how many such presses have ended: the list draws no margin beyond its view
 * meanwhile (./chat-entries.tsx), and grows it back after each.
 */
let grabbed = false;
let grabsEnded = 0;
const grabListeners = new Set<() => void>();

function setGrabbed(next: boolean): void {
  if (grabbed === next) return;
  grabbed = next;
  if (!next) grabsEnded += 1;
  for (const listener of grabListeners) listener();
}

function setFast(next: boolean): void {
  if (fast === next) return;
  fast = next;
  for (const listener of listeners) listener();
}

export function noteReaderInput(input: ReaderInput): void {
  switch (input) {
    case 'grab':
    case 'hold':
      inputSinceOwnMove = true;
      held = true;
      if (input === 'grab') setGrabbed(true);
      break;
    case 'fling':
      inputSinceOwnMove = true;
      flung = true;
      break;
    case 'press':
      pressed = true;
      break;
    case 'scroll-end':
      flung = false;
      pressed = false;
      break;
    case 'let-go':
      setGrabbed(false);
      if (held) {
        held = false;
        draggedMoves = 0;
      }
      break;
  }
}

/**
 * Called on each scroll event of the list, with its scrollTop, the event's time and the height of
 * its view. A move of more than a screen counts as fast however long it took: nothing between was
 * ever in view (a busy machine's frames come far apart, the reader's hand moved as fast).
 */
export function noteListScroll(scrollTop: number, now: number, viewHeight: number): void {
  const elapsed = now - lastTime;
  const distance = Math.abs(scrollTop - lastTop);
  lastTop = scrollTop;
  lastTime = now;
  const quick = elapsed > 0 && distance / elapsed > READING_SPEED_PX_PER_MS;
  if (held || flung) {
    draggedMoves = quick || distance > viewHeight ? draggedMoves + 1 : 0;
    inputSinceOwnMove = true;
  } else {
    if (!inputSinceOwnMove) draggedMoves = 0;
    inputSinceOwnMove = false;
  }
  if (!quick) return;
  setFast(true);
  clearTimeout(settleTimer);
  settleTimer = setTimeout(() => setFast(false), SETTLE_MS);
}

/** Whether the reader's hand is on the list now: held, or flung or paged and not yet at rest. */
export function isReaderMovingList(): boolean {
  return held || flung || pressed;
}

export function isListScrollingFast(): boolean {
  return fast;
}

/**
 * Whether the reader is dragging the list faster than anyone reads: its latest moves were fast,
 * several in a row, and all the reader's. Not timed: once they slow down or let go, or the list
 * moves on its own, it no longer is (and once the list stops, it shows its entries: see
 * ./entry-placeholder.tsx).
 */
export function isListDragged(): boolean {
  return draggedMoves >= DRAGGED_AFTER_MOVES;
}

export function subscribeListScrollingFast(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isScrollbarGrabbed(): boolean {
  return grabbed;
}

export function scrollbarGrabsEnded(): number {
  return grabsEnded;
}

export function subscribeScrollbarGrab(listener: () => void): () => void {
  grabListeners.add(listener);
  return () => grabListeners.delete(listener);
}
