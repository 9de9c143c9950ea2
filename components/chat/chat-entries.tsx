'use client';

import { useCallback, useEffect, useRef } from 'react';
import type { VirtuosoHandle } from 'react-virtuoso';
import { selectOpenChat } from '../../stores/baton-store';
import { entryCount } from '../../stores/entry-list';
import { useBatonStore } from '../baton-client/baton-store-context';
import { useEntryHash } from '../review/use-entry-hash';
import { ChatEntry } from './chat-entry';
import styles from './chat.module.css';
import { useFocusedEntry } from './use-focused-entry';
import { loadedVirtuoso } from './virtuoso-loader';
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

  // Only the reader moves the view away from the bottom, and only by scrolling up: content growing
  // below (which may land in the same frame as a scroll event) moves no scrollTop. Nor does the
  // list's own correction when an entry above the view turns out shorter than estimated (a folded
  // tool call): that moves scrollTop up by as much as the content shrank, so a scroll that came
  // with a change of the content's height is the list's, not the reader's.
  const lastScrollTop = useRef(0);
  const lastScrollHeight = useRef(0);
  const readReader = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const distance = element.scrollHeight - element.scrollTop - element.clientHeight;
    const contentResized = element.scrollHeight !== lastScrollHeight.current;
    if (distance < PINNED_DISTANCE_PX) pinnedToBottom.current = true;
    else if (element.scrollTop < lastScrollTop.current && !contentResized) pinnedToBottom.current = false;
    lastScrollTop.current = element.scrollTop;
    lastScrollHeight.current = element.scrollHeight;
  }, []);
  const scrollerRef = useCallback(
    (element: HTMLElement | Window | null) => {
      scroller.current?.removeEventListener('scroll', readReader);
      scroller.current = element instanceof HTMLElement ? element : null;
      scroller.current?.addEventListener('scroll', readReader, { passive: true });
    },
    [readReader],
  );
  // An entry appended or a streaming answer growing changes the list's height: follow it while
  // pinned. Done here, not with the list's followOutput, whose own follow-ups (retries, following
  // size increases) do not ask whether the reader has scrolled away. A scroll up not yet reported
  // by its event is read first, so that it is never undone.
  const followGrowth = useCallback(() => {
    readReader();
    const element = scroller.current;
    if (!element || !pinnedToBottom.current || holdingFocus.current) return;
    element.scrollTop = element.scrollHeight;
    lastScrollTop.current = element.scrollTop;
    lastScrollHeight.current = element.scrollHeight;
  }, [holdingFocus, readReader]);

  // Opens at the newest entry. Not with the list's initialTopMostItemIndex: until a scroll event
  // confirms that first scroll, the list keeps re-applying it, pulling a reader who has scrolled
  // up back down, and a thread too short to scroll never confirms it.
  const hasEntries = count > 0;
  useEffect(() => {
    if (!hasEntries || holdingFocus.current) return;
    pinnedToBottom.current = true;
    lastScrollTop.current = 0;
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
      <div className={styles.entries} data-testid="chat-entries" aria-live="polite">
        <WelcomeMessage />
      </div>
    );
  }
  // Rendered by ChatEntriesOnceListLoaded, which waits for the list when there are entries to show.
  const Virtuoso = loadedVirtuoso();
  return (
    <Virtuoso
      key={threadId}
      ref={list}
      className={`${styles.entries} ${styles.list}`}
      data-testid="chat-entries"
      data-first-index={firstIndex}
      aria-live="polite"
      scrollerRef={scrollerRef}
      firstItemIndex={firstIndex}
      totalCount={count}
      totalListHeightChanged={followGrowth}
      increaseViewportBy={MARGIN_PX}
      startReached={() => void loadOlderEntries(threadId)}
      computeItemKey={(index) => index}
      itemContent={(index) => <ChatEntry index={index} />}
    />
  );
}
