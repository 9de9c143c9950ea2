'use client';

import { useBatonStore } from '../baton-client/baton-store-context';
import { Composer } from '../composer/composer';
import { ChatEntriesOnceListLoaded } from './chat-entries-once-list-loaded';
import { PendingRewindDialog } from './pending-rewind-dialog';
import { ThreadNotFound } from './thread-not-found';
import { TurnError } from './turn-error';
import { ThreadHeader } from '../review/thread-header';

export function ChatPanel() {
  const title = useBatonStore((state) => {
    const thread = state.threads.find((candidate) => candidate.id === state.selectedThreadId);
    return thread ? thread.title || 'New thread' : null;
  });
  const missing = useBatonStore((state) => state.missingThreadId !== null);

  return (
    <main className="pane chat-panel" aria-label="Chat">
      <ThreadHeader title={title ?? 'Chat'} missing={missing} />
      {missing ? (
        <ThreadNotFound />
      ) : (
        <>
          <ChatEntriesOnceListLoaded />
          <TurnError />
          <Composer />
        </>
      )}
      <PendingRewindDialog />
    </main>
  );
}
