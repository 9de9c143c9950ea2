'use client';

import { useEffect } from 'react';
import { useBatonStore } from '../baton-client/baton-store-context';

/**
 * Queued messages live in this tab's memory only (stores/prompt-queue-slice.ts): while any waits,
 * leaving or reloading the page makes the browser ask first, instead of losing them silently.
 */
export function useLeaveWarning(): void {
  const waiting = useBatonStore((state) => state.queuedPrompts.size > 0);
  useEffect(() => {
    if (!waiting) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [waiting]);
}
