'use client';

import { NewThreadAgentPicker } from '../agents/new-thread-agent-picker';
import { useBatonStore } from '../baton-client/baton-store-context';
import { ThreadFilters } from './thread-filters';
import { ThreadItem } from './thread-item';
import { ThreadListEnd } from './thread-list-end';
import { ThreadSearchBox } from './thread-search-box';
import styles from './threads.module.css';

export function ThreadPanel() {
  const threads = useBatonStore((state) => state.threads);
  const threadsLoaded = useBatonStore((state) => state.threadsLoaded);
  const selectedThreadId = useBatonStore((state) => state.selectedThreadId);
  const connected = useBatonStore((state) => state.connectionStatus === 'connected');
  const startNewChat = useBatonStore((state) => state.startNewChat);
  const requestComposerFocus = useBatonStore((state) => state.requestComposerFocus);
  const filtered = useBatonStore(({ threadFilter }) => threadFilter.query.trim() !== '' || threadFilter.archived || threadFilter.agent !== null || threadFilter.status !== null);

  return (
    <nav className={`pane ${styles.panel}`} aria-label="Threads">
      <div className="pane__header">
        <h2 className="pane__title">Threads</h2>
        <NewThreadAgentPicker />
        {/* An empty chat; the thread itself is made by its first prompt. */}
        <button type="button" className="button button--primary" data-testid="new-thread" disabled={!connected} onClick={() => {
            startNewChat();
            requestComposerFocus();
          }}>
          New thread
        </button>
      </div>
      <ThreadSearchBox />
      <ThreadFilters />
      <ul className={styles.list} data-testid="thread-list" data-state={threadsLoaded ? 'loaded' : 'loading'}>
        {threads.map((thread) => (
          <ThreadItem key={thread.id} thread={thread} selected={thread.id === selectedThreadId} />
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
