/**
 * PageUp and PageDown in the chat list move by one screen at once, less an overlap, instead of the
 * browser's own smooth scroll. The list measures entries as they come into view and makes up for
 * any that turn out taller or shorter than it estimated by scrolling; during the browser's scroll
 * animation that correction is lost (the animation goes on to the place it aimed at before), and a
 * reader paging through a long thread would skip what the correction was for.
 */

/** Part of the screen kept in view across a page, as the browser's own paging keeps it. */
const KEPT_FRACTION = 0.125;

export function pageByKey(event: KeyboardEvent): void {
  if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
  if (event.key !== 'PageUp' && event.key !== 'PageDown') return;
  const scroller = event.currentTarget;
  if (!(scroller instanceof HTMLElement) || typing(event.target)) return;
  event.preventDefault();
  const page = Math.max(1, Math.round(scroller.clientHeight * (1 - KEPT_FRACTION)));
  scroller.scrollBy({ top: event.key === 'PageUp' ? -page : page, behavior: 'instant' });
}

/** A key pressed in a text field moves its caret, not the list. */
export function typing(target: EventTarget | null): boolean {
  // Read by its fields, not `instanceof HTMLElement`: that needs a DOM, which the reader-input tests run without.
  const element = target as Partial<Pick<HTMLElement, 'isContentEditable' | 'tagName'>> | null;
  return element?.isContentEditable === true || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element?.tagName ?? '');
}
