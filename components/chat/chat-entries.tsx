'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { VirtuosoHandle } from 'react-virtuoso';
import { selectOpenChat } from '../../stores/baton-store';
import { entryCount } from '../../stores/entry-list';
import { useBatonStore } from '../baton-client/baton-store-context';
import { useEntryHash } from '../review/use-entry-hash';
import { ChatEntry } from './chat-entry';
import { EntryPlaceholder, entryScrollSeek } from './entry-placeholder';
import { isReaderMovingList, noteListScroll } from './fast-scroll';
import { watchReaderInput } from './reader-input';
import { distanceToBottom, type ListReading, PINNED_DISTANCE_PX, staysPinned } from './reader-position';
import { JumpToLatestButton } from './jump-to-latest-button';
import { JumpToStartButton } from './jump-to-start-button';
import styles from './chat.module.css';
import { useFocusedEntry } from './use-focused-entry';
import { useEntryJump } from './use-entry-jump';
import { useListMargin } from './use-opening-margin';
import { useScrollAnchor } from './use-scroll-anchor';
import { pageByKey } from './page-keys';
import { loadedVirtuoso } from './virtuoso-loader';
import { WelcomeMessage } from './welcome-message';

/** Frames a jump to the newest entry goes on at most while the entries it shows are measured. */
const MAX_ARRIVAL_FRAMES = 20;
/**
 * Rendered beyond the visible part, above and below, so that scrolling shows no blank; none while
 * the reader's button is down on the scrollbar (useListMargin, ./use-opening-margin.ts).
 */
const MARGIN_PX = 800;
/**
 * A page of older entries is asked for once the entries rendered come this close to the first one
 * loaded, not when the reader gets there: by then it has arrived, and a reader scrolling up never
 * waits at the top for a round trip (two hundred entries take many frames to pass even at a
 * scrollbar drag's pace, longer than a round trip on a busy machine). Newer pages, in a window,
 * come at its last entry: a window opened at an entry shows that part of the thread, and reading
 * it is what moves it on.
 */
const PREFETCH_ENTRIES = 200;
/** One object for every render: the list starts its parts over when given new ones. */
const LIST_COMPONENTS = { ScrollSeekPlaceholder: EntryPlaceholder };

/**
 * The open thread, virtualised: only the entries on screen and a margin around them are in the
 * page, whatever the thread's length. It opens at the newest entry, fetches older pages when the
 * reader scrolls up to the first one loaded (and, in a window opened at a linked or found entry, newer
 * pages as they scroll down to the last one loaded), and stays at the bottom while an answer streams in
 * unless the reader has scrolled away from it.
 */
export function ChatEntries() {
  const threadId = useBatonStore((state) => state.selectedThreadId);
  const count = useBatonStore((state) => entryCount(selectOpenChat(state).entries));
  const firstIndex = useBatonStore((state) => selectOpenChat(state).entries.firstIndex);
  const reachesEnd = useBatonStore((state) => selectOpenChat(state).entries.reachesEnd);
  const windowKey = useBatonStore((state) => selectOpenChat(state).windowKey);
  const loadOlderEntries = useBatonStore((state) => state.loadOlderEntries);
  const loadNewerEntries = useBatonStore((state) => state.loadNewerEntries);
  const loadThreadEnd = useBatonStore((state) => state.loadThreadEnd);
  const goToEntry = useBatonStore((state) => state.goToEntry);
  const promptsSent = useBatonStore((state) => state.promptsSent);
  // The list (a thread, or a window in it) whose newest loaded entry it has drawn: one opened at
  // its end has arrived there; a window in the middle of the thread, or a list sent to an entry,
  // opens elsewhere, at once.
  const listKey = `${threadId}:${windowKey}`;
  const [endDrawn, setEndDrawn] = useState<string | null>(null);
  const entryTargeted = useBatonStore((state) => state.entryTarget !== null);
  const margin = useListMargin(listKey, count > 0 && (endDrawn === listKey || !reachesEnd || entryTargeted), MARGIN_PX);
  // Newer content arrived while the reader was scrolled up: a button takes them to it.
  const [newerUnseen, setNewerUnseen] = useState(false);
  const atThreadEnd = useRef(reachesEnd);
  atThreadEnd.current = reachesEnd;
  const list = useRef<VirtuosoHandle>(null);
  const scroller = useRef<HTMLElement | null>(null);
  const pinnedToBottom = useRef(true);
  // A window opened at an entry pages on only once it shows that entry (or the reader scrolled):
  // before that it sits at its top, its Markdown not rendered yet, and would page both ways at once.
  const jumpShown = useRef(true);
  const shownWindow = useRef(windowKey);
  // The newer page that joins a window to the thread's end is read on from where the reader is,
  // not followed to its end (which would skip the page): the reader follows once there again.
  const windowReachedEnd = useRef(reachesEnd);
  if (shownWindow.current === windowKey && reachesEnd && !windowReachedEnd.current) pinnedToBottom.current = false;
  windowReachedEnd.current = reachesEnd;
  if (shownWindow.current !== windowKey) {
    shownWindow.current = windowKey;
    jumpShown.current = reachesEnd;
  }
  // While a found entry is held in view (useFocusedEntry, below, once the jumps it uses are made).
  const holdingFocus = useRef(false);
  // Placeholders only for the reader's own drag: the list's moves to the end or to a found entry show the entries.
  const scrollSeek = useMemo(() => entryScrollSeek(() => !pinnedToBottom.current && !holdingFocus.current), []);
  const entryTarget = useBatonStore((state) => state.entryTarget);
  useEntryHash();

  // Where the list was at the last reading: ./reader-position.ts judges each move from there.
  const lastReading = useRef<ListReading>({ scrollTop: 0, scrollHeight: 0, clientHeight: 0 });
  const followingEnd = useCallback(() => pinnedToBottom.current && atThreadEnd.current, []);
  const {
    remember: rememberAnchor,
    restore: restoreAnchor,
    held: anchorHeld,
  } = useScrollAnchor(
    scroller,
    useCallback(() => !followingEnd(), [followingEnd]),
  );
  const readReader = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const now = { scrollTop: element.scrollTop, scrollHeight: element.scrollHeight, clientHeight: element.clientHeight };
    if (now.scrollTop !== lastReading.current.scrollTop) jumpShown.current = true;
    pinnedToBottom.current = staysPinned(pinnedToBottom.current, lastReading.current, now, {
      entriesInViewHeld: anchorHeld,
      readerMoving: isReaderMovingList,
    });
    if (atThreadEnd.current && distanceToBottom(now) < PINNED_DISTANCE_PX) setNewerUnseen(false);
    lastReading.current = now;
  }, [anchorHeld]);
  // Every scroll, the reader's or the list's own, moves the view on purpose: its top entry is where it should be.
  const onScroll = useCallback(
    (event: Event) => {
      const element = scroller.current;
      if (element) noteListScroll(element.scrollTop, event.timeStamp, element.clientHeight);
      readReader();
      rememberAnchor();
    },
    [readReader, rememberAnchor],
  );
  const toBottom = useCallback((element: HTMLElement) => {
    element.scrollTop = element.scrollHeight;
    lastReading.current = { scrollTop: element.scrollTop, scrollHeight: element.scrollHeight, clientHeight: element.clientHeight };
  }, []);
  // The list counts from the first loaded entry.
  const first = useRef(firstIndex);
  first.current = firstIndex;
  const newestEntry = useRef<number | null>(null);
  newestEntry.current = reachesEnd ? firstIndex + count - 1 : null;
  const { jumpTo, holdAtEnd } = useEntryJump(list, scroller, first, { rememberAnchor, toBottom, newestEntry });
  useFocusedEntry(holdingFocus, jumpTo, pinnedToBottom, { threadId, firstIndex, count, reachesEnd }, jumpShown);
  // An entry appended or a streaming answer growing changes the list's height: follow it while
  // pinned. Done here, not with the list's followOutput, whose own follow-ups (retries, following
  // size increases) do not ask whether the reader has scrolled away. A scroll up not yet reported
  // by its event is read first, so that it is never undone. A window in the middle of the thread
  // grows by the newer pages the reader scrolled down to: following those would page on to the end.
  // Not following, the entry at the top of the view stays where it is.
  const followGrowth = useCallback(() => {
    readReader();
    const element = scroller.current;
    if (!element) return;
    if (!followingEnd() || holdingFocus.current) return restoreAnchor();
    toBottom(element);
  }, [holdingFocus, readReader, followingEnd, restoreAnchor, toBottom]);

  // The viewport shrinking (a phone's keyboard opening, the composer growing) moves no content, but
  // the bottom out of view: a reader who was there stays there.
  const viewportObserver = useRef<ResizeObserver | null>(null);
  const stopReadingInput = useRef<(() => void) | null>(null);
  const scrollerRef = useCallback(
    (element: HTMLElement | Window | null) => {
      scroller.current?.removeEventListener('scroll', onScroll);
      scroller.current?.removeEventListener('keydown', pageByKey);
      stopReadingInput.current?.();
      viewportObserver.current?.disconnect();
      scroller.current = element instanceof HTMLElement ? element : null;
      scroller.current?.addEventListener('scroll', onScroll, { passive: true });
      scroller.current?.addEventListener('keydown', pageByKey);
      // Which of its moves are the reader's own (a drag shows placeholders, ./entry-placeholder.tsx).
      stopReadingInput.current = scroller.current ? watchReaderInput(scroller.current) : null;
      viewportObserver.current = scroller.current ? new ResizeObserver(followGrowth) : null;
      if (scroller.current) viewportObserver.current?.observe(scroller.current);
    },
    [onScroll, followGrowth],
  );

  // Opens at the newest entry. Not with the list's initialTopMostItemIndex: until a scroll event
  // confirms that first scroll, the list keeps re-applying it, pulling a reader who has scrolled
  // up back down, and a thread too short to scroll never confirms it. Nor with its scrollToIndex,
  // whose retries go on while entries keep changing height (holdAtEnd, ./use-entry-jump.ts, says
  // how that paged a window back to the end). A window in the middle of the thread opens where the
  // jump that loaded it points instead.
  const hasEntries = count > 0;
  useEffect(() => {
    if (!hasEntries || holdingFocus.current || !atThreadEnd.current) return;
    pinnedToBottom.current = true;
    lastReading.current = { ...lastReading.current, scrollTop: 0 };
    holdAtEnd();
  }, [threadId, hasEntries, holdingFocus, windowKey, holdAtEnd]);

  // An entry added at the end of the thread while the reader is scrolled up is not followed: the
  // button says it is there.
  const lastIndex = firstIndex + count;
  const seenLastIndex = useRef(lastIndex);
  useEffect(() => {
    if (threadId !== null && lastIndex > seenLastIndex.current && reachesEnd && !followingEnd()) setNewerUnseen(true);
    seenLastIndex.current = lastIndex;
  }, [threadId, lastIndex, reachesEnd, followingEnd]);
  useEffect(() => setNewerUnseen(false), [threadId]);

  // The newest entry, from anywhere in the thread: a window in its middle first loads its end,
  // then opens there (the effect above).
  const arrivalFrame = useRef(0);
  useEffect(() => () => cancelAnimationFrame(arrivalFrame.current), []);
  const goToLatest = useCallback(() => {
    setNewerUnseen(false);
    pinnedToBottom.current = true;
    if (!atThreadEnd.current && threadId !== null) return void loadThreadEnd(threadId);
    // Not the list's scrollToIndex, which keeps correcting itself for a while and would undo a
    // scroll up made meanwhile. The entries drawn at the end are measured over the next frames and
    // the list corrects its place for them, which can read as a move up: the view stays pinned
    // and goes on to the bottom until it has stayed there for a frame.
    cancelAnimationFrame(arrivalFrame.current);
    const settle = (framesLeft: number) => {
      const element = scroller.current;
      if (!element) return;
      const atBottom = element.scrollHeight - element.scrollTop - element.clientHeight < 1;
      pinnedToBottom.current = true;
      toBottom(element);
      if (!atBottom && framesLeft > 0) arrivalFrame.current = requestAnimationFrame(() => settle(framesLeft - 1));
    };
    settle(MAX_ARRIVAL_FRAMES);
  }, [threadId, loadThreadEnd, toBottom]);
  // The first entry, from anywhere in the thread: the list it opens in takes the focus, as the
  // button that was pressed goes once the first entry is in view.
  const goToStart = useCallback(async () => {
    await goToEntry(0);
    requestAnimationFrame(() => scroller.current?.focus({ preventScroll: true }));
  }, [goToEntry]);
  // A prompt the user sent shows at the end, wherever they had scrolled to.
  const promptsShown = useRef(promptsSent);
  useEffect(() => {
    if (promptsShown.current === promptsSent) return;
    promptsShown.current = promptsSent;
    goToLatest();
  }, [promptsSent, goToLatest]);

  // The reader was sent to an entry (next/previous, the Changes view, a link): once per request,
  // when the entry is loaded (pages loaded later, as the reader scrolls on, must not pull them
  // back). A frame later, so that a list started over for a jump has taken in its entries.
  const shownTarget = useRef<number | null>(null);
  const targetLoaded = entryTarget !== null && firstIndex <= entryTarget.index && entryTarget.index < firstIndex + count;
  useEffect(() => {
    if (!entryTarget || !targetLoaded || shownTarget.current === entryTarget.nonce) return;
    pinnedToBottom.current = false;
    const frame = requestAnimationFrame(() => {
      shownTarget.current = entryTarget.nonce;
      jumpTo(entryTarget.index);
      jumpShown.current = true;
    });
    return () => cancelAnimationFrame(frame);
  }, [entryTarget, targetLoaded, windowKey, jumpTo]);

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
    <>
      {firstIndex > 0 ? <JumpToStartButton onClick={() => void goToStart()} /> : null}
      <Virtuoso
        key={`${threadId}:${windowKey}`}
        ref={list}
        className={`${styles.entries} ${styles.list}`}
        data-testid="chat-entries"
        data-first-index={firstIndex}
        data-reaches-end={reachesEnd ? 'true' : 'false'}
        data-entry-count={count}
        aria-live="polite"
        scrollerRef={scrollerRef}
        firstItemIndex={firstIndex}
        totalCount={count}
        totalListHeightChanged={followGrowth}
        increaseViewportBy={margin}
        startReached={() => jumpShown.current && void loadOlderEntries(threadId)}
        // Not the list's endReached, which fires once per list length: a window at the bound keeps
        // its length as a newer page comes and as many of its oldest entries go.
        rangeChanged={({ startIndex, endIndex }) => {
          if (endIndex >= firstIndex + count - 1 && endDrawn !== listKey) setEndDrawn(listKey);
          if (!jumpShown.current) return;
          // Only once the reader has scrolled up: a thread just opened at its end is not paged
          // while it opens. Not while the view is held at a found entry: the list's move there
          // counts from the first entry loaded, and a page put in front meanwhile would land it elsewhere.
          if (startIndex < firstIndex + PREFETCH_ENTRIES && !pinnedToBottom.current && !holdingFocus.current)
            void loadOlderEntries(threadId);
          if (endIndex >= firstIndex + count - 1) void loadNewerEntries(threadId);
        }}
        computeItemKey={(index) => index}
        scrollSeekConfiguration={scrollSeek}
        components={LIST_COMPONENTS}
        itemContent={(index) => <ChatEntry index={index} />}
      />
      {newerUnseen || !reachesEnd ? <JumpToLatestButton onClick={goToLatest} /> : null}
    </>
  );
}
