'use client';

import { useMemo } from 'react';
import type { ThreadMetadata } from '../../lib/protocol/thread-model';
import { NewThreadAgentPicker } from '../agents/new-thread-agent-picker';
import { AddAgentButton } from '../agents/add-agent-button';
import { selectAnswerOnly } from '../../stores/connection-slice';
import { useBatonStore } from '../baton-client/baton-store-context';
import { preloadThreadView } from '../chat/use-thread-view-loaded';
import { ThreadFilters } from './thread-filters';
import { ThreadItem } from './thread-item';
import { ThreadListEnd } from './thread-list-end';
import { ThreadSearchBox } from './thread-search-box';
import { useListClock } from './use-list-clock';
import styles from './threads.module.css';

/** Titles held by more than one loaded thread, compared as a reader would (case and outer spaces aside). */
function sharedTitles(threads: readonly ThreadMetadata[]): Set<string> {
  const seen = new Set<string>();
  const shared = new Set<string>();
  for (const thread of threads) {
    const key = titleKey(thread.title);
    if (seen.has(key)) shared.add(key);
    seen.add(key);
  }
  return shared;
}

const titleKey = (title: string) => title.trim().toLocaleLowerCase();

export function ThreadPanel() {
  const threads = useBatonStore((state) => state.threads);
  const threadsLoaded = useBatonStore((state) => state.threadsLoaded);
  const selectedThreadId = useBatonStore((state) => state.selectedThreadId);
  const connected = useBatonStore((state) => state.connectionStatus === 'connected');
  const startNewChat = useBatonStore((state) => state.startNewChat);
  const answerOnly = useBatonStore(selectAnswerOnly);
  const requestComposerFocus = useBatonStore((state) => state.requestComposerFocus);
  const now = useListClock(useMemo(() => threads.map((thread) => thread.modifiedAt), [threads]));
  const shared = useMemo(() => sharedTitles(threads), [threads]);
  const filtered = useBatonStore(
    ({ threadFilter }) =>
      threadFilter.query.trim() !== '' || threadFilter.archived || threadFilter.agent !== null || threadFilter.status !== null,
  );

  return (
    <nav className={`pane ${styles.panel}`} aria-label="Threads">
      <div className={`pane__header ${styles.header}`}>
        <h2 className="pane__title">Threads</h2>
        {answerOnly ? null : <NewThreadAgentPicker />}
        {answerOnly ? null : <AddAgentButton />}
        {/* An empty chat; the thread itself is made by its first prompt. A watch-only device may not prompt. */}
        {answerOnly ? null : (
          <button
            type="button"
            className="button button--primary"
            data-testid="new-thread"
            disabled={!connected}
            onClick={() => {
              startNewChat();
              requestComposerFocus();
            }}
          >
            New thread
          </button>
        )}
      </div>
      <ThreadSearchBox />
      <ThreadFilters />
      {/* A thread pointed at or reached by keyboard is about to be opened: its view's code comes now. */}
      <ul
        className={styles.list}
        data-testid="thread-list"
        data-state={threadsLoaded ? 'loaded' : 'loading'}
        onPointerEnter={preloadThreadView}
        onFocus={preloadThreadView}
      >
        {threads.map((thread) => (
          <ThreadItem
            key={thread.id}
            thread={thread}
            selected={thread.id === selectedThreadId}
            now={now}
            shared={shared.has(titleKey(thread.title))}
          />
        ))}
        <ThreadListEnd />
      </ul>
      {threadsLoaded && threads.length === 0 ? (
        <p className="pane__empty" data-testid="thread-list-empty">
          {filtered ? 'No threads match.' : 'No threads yet. Type a prompt to start one.'}
        </p>
      ) : null}
    </nav>
  );
}
