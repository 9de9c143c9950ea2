'use client';

import { useCallback, useEffect, useRef } from 'react';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { selectOpenChat } from '../../stores/baton-store';
import { entryCount } from '../../stores/entry-list';
import { useBatonStore } from '../baton-client/baton-store-context';
import { useEntryHash } from '../review/use-entry-hash';
import { ChatEntry } from './chat-entry';
import { useFocusedEntry } from './use-focused-entry';
import { WelcomeMessage } from './welcome-message';

/** Within this many pixels of the bottom, new content keeps the view pinned to the bottom. */
const PINNED_DISTANCE_PX = 48;
/** Rendered beyond the visible part, above and below, so that scrolling shows no blank. */
const MARGIN_PX = 800;

/**
 * The open thread, virtualised: only the entries on screen and a margin around them are in the
 * page, whatever the thread's length. It opens at the newest entry, fetches older pages when the
 * reader scrolls up to the first one loaded, and stays at the bottom while an answer streams in
 * unless the reader has scrolled away from it.
 */
export function ChatEntries() {
  const threadId = useBatonStore((state) => state.selectedThreadId);
  const count = useBatonStore((state) => entryCount(selectOpenChat(state).entries));
  const firstIndex = useBatonStore((state) => selectOpenChat(state).entries.firstIndex);
  const loadOlderEntries = useBatonStore((state) => state.loadOlderEntries);
  const list = useRef<VirtuosoHandle>(null);
  const scroller = useRef<HTMLElement | null>(null);
  const pinnedToBottom = useRef(true);
  const holdingFocus = useFocusedEntry(list, pinnedToBottom, { threadId, firstIndex, count });
  const entryTarget = useBatonStore((state) => state.entryTarget);
  useEntryHash();

  // Only the reader moves the view away from the bottom: growth of the last entry fires no scroll.
  const onScroll = useCallback((event: Event) => {
    const element = event.currentTarget as HTMLElement;
    pinnedToBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < PINNED_DISTANCE_PX;
  }, []);
  const scrollerRef = useCallback(
    (element: HTMLElement | Window | null) => {
      scroller.current?.removeEventListener('scroll', onScroll);
      scroller.current = element instanceof HTMLElement ? element : null;
      scroller.current?.addEventListener('scroll', onScroll, { passive: true });
    },
    [onScroll],
  );
  // A streaming answer grows its entry without adding one: follow it while pinned.
  const followGrowth = useCallback(() => {
    if (pinnedToBottom.current && !holdingFocus.current) list.current?.scrollToIndex({ index: 'LAST', align: 'end' });
  }, [holdingFocus]);

  // Opens at the newest entry. Not with the list's initialTopMostItemIndex: until a scroll event
  // confirms that first scroll, the list keeps re-applying it, pulling a reader who has scrolled
  // up back down, and a thread too short to scroll never confirms it.
  const hasEntries = count > 0;
  useEffect(() => {
    if (!hasEntries || holdingFocus.current) return;
    pinnedToBottom.current = true;
    list.current?.scrollToIndex({ index: 'LAST', align: 'end' });
  }, [threadId, hasEntries, holdingFocus]);

  // The reader was sent to an entry (next/previous, the Changes view, a link): the list counts from
  // the first loaded entry.
  useEffect(() => {
    if (!entryTarget || entryTarget.index < firstIndex) return;
    pinnedToBottom.current = false;
    list.current?.scrollToIndex({ index: entryTarget.index - firstIndex, align: 'center' });
  }, [entryTarget, firstIndex]);

  if (threadId === null || count === 0) {
    return (
      <div className="chat-entries" data-testid="chat-entries" aria-live="polite">
        <WelcomeMessage />
      </div>
    );
  }
  return (
    <Virtuoso
      key={threadId}
      ref={list}
      className="chat-entries chat-entries--list"
      data-testid="chat-entries"
      data-first-index={firstIndex}
      aria-live="polite"
      scrollerRef={scrollerRef}
      firstItemIndex={firstIndex}
      totalCount={count}
      followOutput={() => (pinnedToBottom.current && !holdingFocus.current ? 'auto' : false)}
      totalListHeightChanged={followGrowth}
      increaseViewportBy={MARGIN_PX}
      startReached={() => void loadOlderEntries(threadId)}
      computeItemKey={(index) => index}
      itemContent={(index) => <ChatEntry index={index} />}
    />
  );
}
