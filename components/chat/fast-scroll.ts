/**
 * Whether the chat list is being scrolled faster than anyone reads: dragged by its scrollbar,
 * flung, or paged through at a key's repeat rate. Entries that come into view meanwhile are gone
 * again a few frames later; parsing their Markdown then is work for text nobody sees, and at such
 * a pace it took most of each frame. They show their sketch (the same text and height, see
 * ./markdown-sketch.tsx) until the list slows down, when those still in view are parsed.
 */

/** Faster than this, in pixels a millisecond (four screens of 800 px a second), no one reads. */
const READING_SPEED_PX_PER_MS = 3.2;
/** How long after the last fast move the list counts as slowed down. */
const SETTLE_MS = 150;
/**
 * Fast moves in a row before the list counts as dragged (./entry-placeholder.tsx): a jump to an
 * entry or to the end is one move, or two with the list's correction after it.
 */
const DRAGGED_AFTER_MOVES = 3;

let fast = false;
let fastMoves = 0;
let lastTop = 0;
let lastTime = 0;
let settleTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setFast(next: boolean): void {
  if (fast === next) return;
  fast = next;
  for (const listener of listeners) listener();
}

/** Called on each scroll event of the list, with its scrollTop and the event's time. */
export function noteListScroll(scrollTop: number, now: number): void {
  const elapsed = now - lastTime;
  const speed = elapsed > 0 ? Math.abs(scrollTop - lastTop) / elapsed : 0;
  lastTop = scrollTop;
  lastTime = now;
  if (speed <= READING_SPEED_PX_PER_MS) {
    fastMoves = 0;
    return;
  }
  // A move from rest counts as the first: a jump is one, however far it goes.
  fastMoves = elapsed > SETTLE_MS ? 1 : fastMoves + 1;
  setFast(true);
  clearTimeout(settleTimer);
  settleTimer = setTimeout(() => {
    fastMoves = 0;
    setFast(false);
  }, SETTLE_MS);
}

export function isListScrollingFast(): boolean {
  return fast;
}

/** Whether the list is dragged: moved fast several times in a row, not only jumped. */
export function isListDragged(): boolean {
  return fast && fastMoves >= DRAGGED_AFTER_MOVES;
}

export function subscribeListScrollingFast(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
