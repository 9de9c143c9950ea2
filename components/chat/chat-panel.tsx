'use client';

import { useBatonStore } from '../baton-client/baton-store-context';
import { ChatEntries } from './chat-entries';
import { Composer } from './composer';
import { TurnError } from './turn-error';

export function ChatPanel() {
  const title = useBatonStore((state) => {
    const thread = state.threads.find((candidate) => candidate.id === state.selectedThreadId);
    return thread ? thread.title || 'New thread' : null;
  });

  return (
    <main className="pane chat-panel" aria-label="Chat">
      <div className="pane__header">
        <h2 className="pane__title">{title ?? 'Chat'}</h2>
      </div>
      <ChatEntries />
      <TurnError />
      <Composer />
    </main>
  );
}
