import { noteReaderInput } from './fast-scroll';
import { typing } from './page-keys';

/** Keys that scroll the list (repeating while held down), and which way. */
const SCROLLING_KEYS = new Map([
  ['PageUp', -1],
  ['ArrowUp', -1],
  ['Home', -1],
  ['PageDown', 1],
  ['ArrowDown', 1],
  ['End', 1],
  [' ', 1],
]);

/**
 * Reads the reader's own hand on the chat list from the page's events, for ./fast-scroll.ts: a
 * button pressed on the list's own box (its scrollbar: a press on an entry targets the entry), a
 * finger on the list, a wheel turned over it, a scrolling key held down in it. What the page does
 * to the list itself (scrollTo, scrollTop) comes with none of these. Returns what stops reading them.
 *
 * A release is looked for on the whole page, where the pointer may be by then, and also as a move
 * with no button down or the page losing focus: a drag that leaves the window may end unreported.
 */
export function watchReaderInput(scroller: HTMLElement, page: Window = window): () => void {
  let touchedAt: number | null = null;
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'touch' && event.button === 0 && event.target === scroller) noteReaderInput('grab');
  };
  const onPointerMove = (event: PointerEvent) => {
    if (event.pointerType !== 'touch' && event.buttons === 0) noteReaderInput('let-go');
  };
  const letGo = () => noteReaderInput('let-go');
  // A finger's pointer is cancelled as the list starts to pan under it: the touch events follow it.
  const onPointerUp = (event: PointerEvent) => {
    if (event.pointerType !== 'touch') letGo();
  };
  const onTouchStart = () => {
    touchedAt = scroller.scrollTop;
    noteReaderInput('hold');
  };
  // A finger lifted while the list moves flings it on; one lifted from a list at rest does not.
  const onTouchEnd = (event: TouchEvent) => {
    if (event.touches.length > 0) return;
    if (touchedAt !== null && touchedAt !== scroller.scrollTop) noteReaderInput('fling');
    touchedAt = null;
    noteReaderInput('let-go');
  };
  // A wheel turned towards an edge the list is at moves nothing, and no scroll end would follow.
  const onWheel = (event: WheelEvent) => {
    if (event.deltaY !== 0 && canMove(scroller, Math.sign(event.deltaY))) noteReaderInput('fling');
  };
  // A key pressed once moves the list a step, to its rest; held down, it repeats: a drag.
  const onKeyDown = (event: KeyboardEvent) => {
    const direction = SCROLLING_KEYS.get(event.key);
    if (direction === undefined || typing(event.target)) return;
    if (event.repeat) noteReaderInput('hold');
    else if (canMove(scroller, event.shiftKey && event.key === ' ' ? -direction : direction)) noteReaderInput('press');
  };
  const onScrollEnd = () => noteReaderInput('scroll-end');

  const onScroller: [string, EventListener][] = [
    ['pointerdown', onPointerDown as EventListener],
    ['touchstart', onTouchStart],
    ['wheel', onWheel as EventListener],
    ['keydown', onKeyDown as EventListener],
    ['keyup', letGo],
    ['scrollend', onScrollEnd],
  ];
  const onPage: [string, EventListener][] = [
    ['pointerup', onPointerUp as EventListener],
    ['pointercancel', onPointerUp as EventListener],
    ['mouseup', letGo],
    ['pointermove', onPointerMove as EventListener],
    ['touchend', onTouchEnd as EventListener],
    ['touchcancel', onTouchEnd as EventListener],
    ['blur', letGo],
  ];
  for (const [type, listener] of onScroller) scroller.addEventListener(type, listener, { passive: true });
  for (const [type, listener] of onPage) page.addEventListener(type, listener, { passive: true });
  return () => {
    for (const [type, listener] of onScroller) scroller.removeEventListener(type, listener);
    for (const [type, listener] of onPage) page.removeEventListener(type, listener);
    letGo();
    noteReaderInput('scroll-end');
  };
}

/** Whether the list can scroll that way (-1 up, 1 down): one at that edge moves nothing, and no scroll end would follow. */
function canMove(scroller: HTMLElement, direction: number): boolean {
  if (direction < 0) return scroller.scrollTop > 0;
  return scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1;
}
