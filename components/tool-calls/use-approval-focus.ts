'use client';

import { type RefObject, useEffect } from 'react';

/** Calls whose card took focus once already: scrolling one back into view does not take it again. */
const focusedOnce = new Set<string>();

/**
 * A card that comes to wait for approval takes the focus, so that Enter or Esc answers it, unless
 * the user is typing: text in the composer (or in whatever field has the focus) keeps it there.
 */
export function useApprovalFocus(card: RefObject<HTMLElement | null>, toolCallId: string, waiting: boolean): void {
  useEffect(() => {
    if (!waiting || focusedOnce.has(toolCallId) || !card.current) return;
    focusedOnce.add(toolCallId);
    if (userIsTyping()) return;
    card.current.focus({ preventScroll: true });
  }, [card, toolCallId, waiting]);
}

/** Inputs that take no typed text: focus on one of them is not typing. */
const NOT_TYPED_INTO = new Set(['button', 'checkbox', 'color', 'file', 'image', 'radio', 'range', 'reset', 'submit']);

function userIsTyping(): boolean {
  const composer = document.querySelector<HTMLTextAreaElement | HTMLInputElement>('[data-testid="composer-input"]');
  if (composer && composer.value !== '') return true;
  const active = document.activeElement;
  if (active instanceof HTMLTextAreaElement || (active instanceof HTMLInputElement && !NOT_TYPED_INTO.has(active.type)))
    return active.value !== '';
  return active instanceof HTMLElement && active.isContentEditable;
}
