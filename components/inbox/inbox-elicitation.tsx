'use client';

import { useState } from 'react';
import type { ElicitationAction } from '../../lib/protocol/elicitation';
import type { InboxElicitation } from '../../lib/protocol/inbox';
import { safeLinkUrl } from '../../lib/thread/safe-link-url';
import { useBatonStore } from '../baton-client/baton-store-context';
import styles from './inbox.module.css';

/**
 * An agent's question in the inbox: what it asks, its link for a URL question, and the answers
 * that need no form (Decline, Cancel). A form is filled in its thread, where the card shows it
 * whole; "Open in thread" goes there. Answers go through `thread/answerElicitation`, as the card's.
 */
export function InboxElicitationQuestion({ question, onOpen }: { question: InboxElicitation; onOpen(): void }) {
  const answer = useBatonStore((state) => state.answerInboxElicitation);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const href = question.url === undefined ? null : safeLinkUrl(question.url);
  const send = async (action: ElicitationAction) => {
    setBusy(true);
    setRefusal(await answer(question, action));
    setBusy(false);
  };
  const openLink = (link: string) => {
    // As the card does: a tab of its own with no handle on this page; the agent then says when it is done.
    window.open(link, '_blank', 'noopener,noreferrer');
    void send('accept');
  };
  return (
    <>
      <p className={styles.text} data-testid="inbox-elicitation-message">
        {question.message}
      </p>
      {question.url === undefined ? null : (
        <code className={styles.detail} data-testid="inbox-detail">
          {question.url}
        </code>
      )}
      <div className={styles.answers}>
        {question.mode === 'form' ? (
          <button type="button" className="button button--primary" data-testid="inbox-elicitation-open-thread" onClick={onOpen}>
            Open in thread
          </button>
        ) : null}
        {href ? (
          <button
            type="button"
            className="button button--primary"
            data-testid="inbox-elicitation-open-link"
            disabled={busy}
            onClick={() => openLink(href)}
          >
            Open link
          </button>
        ) : null}
        {question.mode === 'form' || !href ? (
          <button
            type="button"
            className="button"
            data-testid="inbox-elicitation-decline"
            disabled={busy}
            onClick={() => void send('decline')}
          >
            Decline
          </button>
        ) : null}
        <button type="button" className="button" data-testid="inbox-elicitation-cancel" disabled={busy} onClick={() => void send('cancel')}>
          Cancel
        </button>
      </div>
      {refusal ? (
        <p className={styles.text} role="alert" data-testid="inbox-elicitation-refusal">
          {refusal}
        </p>
      ) : null}
    </>
  );
}
