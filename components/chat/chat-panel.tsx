'use client';

import dynamic from 'next/dynamic';
import { selectChangesShown } from '../../stores/review-slice';
import { LoginTerminalPane } from '../agents/login-terminal-pane';
import { useBatonStore } from '../baton-client/baton-store-context';
import { selectAnswerOnly } from '../../stores/connection-slice';
import { AnswerOnlyNote } from '../composer/answer-only-note';
import { Composer } from '../composer/composer';
import { ChatEntriesOnceListLoaded } from './chat-entries-once-list-loaded';
import { preloadThreadView } from './use-thread-view-loaded';
import { PendingRewindDialog } from './pending-rewind-dialog';
import { ThreadNotFound } from './thread-not-found';
import { TurnError } from './turn-error';
import { ThreadHeader } from '../review/thread-header';

// Shown only when asked for (and it brings the diff view): fetched on first use, not with the page.
const ChangesView = dynamic(() => import('../review/changes-view').then((module) => module.ChangesView), { ssr: false });

export function ChatPanel() {
  const title = useBatonStore((state) => {
    const thread = state.threads.find((candidate) => candidate.id === state.selectedThreadId);
    return thread ? thread.title || 'New thread' : null;
  });
  const missing = useBatonStore((state) => state.missingThreadId !== null);
  // The Changes panel takes the entries' place, so the pane keeps one scroll area; the composer stays.
  const answerOnly = useBatonStore(selectAnswerOnly);
  const changesFor = useBatonStore((state) => (selectChangesShown(state) ? state.changesShownFor : null));

  return (
    <main className="pane chat-panel" aria-label="Chat">
      <ThreadHeader title={title ?? 'Chat'} missing={missing} />
      {missing ? (
        <ThreadNotFound />
      ) : (
        <>
          {changesFor !== null ? <ChangesView key={changesFor} /> : <ChatEntriesOnceListLoaded />}
          <TurnError />
          <LoginTerminalPane />
          {answerOnly ? <AnswerOnlyNote /> : <Composer onTyping={preloadThreadView} />}
        </>
      )}
      <PendingRewindDialog />
    </main>
  );
}
