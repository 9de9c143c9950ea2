import { noteReaderInput } from './fast-scroll';

/** Keys that scroll the list while held down, repeating. */
const SCROLLING_KEYS = new Set(['PageUp', 'PageDown', 'ArrowUp', 'ArrowDown', 'Home', 'End', ' ']);

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
    if (event.pointerType !== 'touch' && event.button === 0 && event.target === scroller) noteReaderInput('hold');
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
    const atTop = scroller.scrollTop <= 0;
    const atBottom = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1;
    if ((event.deltaY < 0 && !atTop) || (event.deltaY > 0 && !atBottom)) noteReaderInput('fling');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.repeat && SCROLLING_KEYS.has(event.key)) noteReaderInput('hold');
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
