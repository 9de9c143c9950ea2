'use client';

import { NewThreadAgentPicker } from '../agents/new-thread-agent-picker';
import { useBatonStore } from '../baton-client/baton-store-context';
import { ThreadItem } from './thread-item';

export function ThreadPanel() {
  const threads = useBatonStore((state) => state.threads);
  const threadsLoaded = useBatonStore((state) => state.threadsLoaded);
  const selectedThreadId = useBatonStore((state) => state.selectedThreadId);
  const connected = useBatonStore((state) => state.connectionStatus === 'connected');
  const createThread = useBatonStore((state) => state.createThread);

  return (
    <nav className="pane thread-panel" aria-label="Threads">
      <div className="pane__header">
        <h2 className="pane__title">Threads</h2>
        <NewThreadAgentPicker />
        <button
          type="button"
          className="button button--primary"
          data-testid="new-thread"
          disabled={!connected}
          onClick={() => void createThread()}
        >
          New thread
        </button>
      </div>
      <ul className="thread-list" data-testid="thread-list" data-state={threadsLoaded ? 'loaded' : 'loading'}>
        {threads.map((thread) => (
          <ThreadItem key={thread.id} thread={thread} selected={thread.id === selectedThreadId} />
        ))}
      </ul>
      {threadsLoaded && threads.length === 0 ? <p className="pane__empty">No threads yet. Type a prompt to start one.</p> : null}
    </nav>
  );
}
