'use client';

/**
 * Brings a search result's entry into the middle of the view once the store has loaded the page
 * around it, and holds the view there: while held, the list neither opens at its end nor follows
 * growth to it (either would take the reader away from the entry). An entry added at the end (a
 * prompt sent, an answer coming) lets go.
 */
import { type RefObject, useEffect, useRef } from 'react';
import { useBatonStore } from '../baton-client/baton-store-context';

/** `holding` is set while the view is held at the entry. */
export function useFocusedEntry(
  holding: RefObject<boolean>,
  jumpTo: (index: number) => void,
  pinnedToBottom: RefObject<boolean>,
  view: { threadId: string | null; firstIndex: number; count: number; reachesEnd: boolean },
  jumpShown: RefObject<boolean>,
): void {
  const { threadId, firstIndex, count, reachesEnd } = view;
  const focused = useBatonStore((state) => (state.focusedEntry?.threadId === state.selectedThreadId ? state.focusedEntry.index : null));

  const end = firstIndex + count;
  const previous = useRef({ threadId, end });
  useEffect(() => {
    const before = previous.current;
    // The same thread, already shown, with an entry more at its end: the conversation moved on
    // (newer pages of a window in the middle of the thread are no such entry).
    if (before.threadId === threadId && before.end > 0 && end > before.end && reachesEnd) holding.current = false;
    previous.current = { threadId, end };
  }, [threadId, end, reachesEnd, holding]);

  // Held from the moment the entry is asked for (before the thread's entries arrive); scrolled to
  // once the store has loaded it.
  const loaded = focused !== null && firstIndex <= focused && focused < end;
  useEffect(() => {
    holding.current = focused !== null;
    if (focused === null || !loaded) return;
    pinnedToBottom.current = false;
    // A frame later: by then the list has taken in the entries loaded in front of it. Held there
    // over the next frames as any jump is (./use-entry-jump.ts), not moved once: a list just
    // mounted draws its entries at estimated heights, and its scroll anchor, taken at its top in
    // its first frame, could pull a single move back there on a busy machine, the entry never drawn.
    const frame = requestAnimationFrame(() => {
      jumpTo(focused);
      jumpShown.current = true;
    });
    return () => cancelAnimationFrame(frame);
  }, [focused, loaded, jumpTo, holding, pinnedToBottom, jumpShown]);
}
