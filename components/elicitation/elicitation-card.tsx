'use client';

import { useState } from 'react';
import type { ElicitationAction, ElicitationEntry, ElicitationValues } from '../../lib/protocol/elicitation';
import { useBatonStore } from '../baton-client/baton-store-context';
import { fromDevice } from '../../lib/thread/review-labels';
import { safeLinkUrl } from '../../lib/thread/safe-link-url';
import styles from './elicitation.module.css';
import { ElicitationForm } from './elicitation-form';

const ENDED_TEXT: Record<Exclude<ElicitationEntry['status'], 'pending'>, string> = {
  accepted: 'Answered',
  declined: 'Declined',
  cancelled: 'Cancelled',
  stopped: 'Cancelled by Stop',
  withdrawn: 'Withdrawn by the agent',
  completed: 'Completed by the agent',
  ended: 'The turn ended before it was answered',
};

/**
 * A question the agent put to the user, in the thread where it was asked: a form to fill, or a
 * link to open (http and https only) that waits until the agent says it is done. Once answered it
 * stays in the thread with what was asked and what was answered.
 */
export function ElicitationCard({ entry }: { entry: ElicitationEntry }) {
  const answerElicitation = useBatonStore((state) => state.answerElicitation);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const pending = entry.status === 'pending';
  const answer = async (action: ElicitationAction, content?: ElicitationValues) => {
    setBusy(true);
    const refused = await answerElicitation(entry.id, action, content);
    // A refused answer leaves the question waiting: the user may try again.
    setRefusal(refused);
    setBusy(false);
  };

  return (
    <article
      aria-label="Question from the agent"
      className={`${styles.card} ${pending ? styles.pending : ''}`}
      data-testid="elicitation-card"
      data-status={entry.status}
      data-mode={entry.mode}
    >
      <p className={styles.heading}>
        <span className={styles.asker}>The agent asks:</span> <span data-testid="elicitation-message">{entry.message}</span>
      </p>
      {entry.mode === 'url' ? <ElicitationLink entry={entry} busy={busy} onAnswer={answer} /> : null}
      {entry.mode === 'form' && pending && entry.requestedSchema ? (
        <ElicitationForm
          form={entry.requestedSchema}
          busy={busy}
          onAccept={(values) => void answer('accept', values)}
          onRefuse={(action) => void answer(action)}
        />
      ) : null}
      {refusal ? (
        <p className={styles.error} role="alert" data-testid="elicitation-refusal">
          {refusal}
        </p>
      ) : null}
      {pending ? null : <EndedNote entry={entry} />}
    </article>
  );
}

function ElicitationLink({ entry, busy, onAnswer }: { entry: ElicitationEntry; busy: boolean; onAnswer(action: ElicitationAction): void }) {
  const href = safeLinkUrl(entry.url ?? '');
  const pending = entry.status === 'pending';
  if (!href) {
    return (
      <>
        <p className={styles.link}>
          <code data-testid="elicitation-url">{entry.url}</code>
        </p>
        {pending ? (
          <>
            <p className={styles.error} data-testid="elicitation-refused-url">
              Baton opens only http and https links; this one is not opened.
            </p>
            <div className={styles.actions}>
              <button
                type="button"
                className="button"
                data-testid="elicitation-decline"
                disabled={busy}
                onClick={() => onAnswer('decline')}
              >
                Decline
              </button>
            </div>
          </>
        ) : null}
      </>
    );
  }
  const open = () => {
    // A tab of its own that gets no handle on this page; the card then waits for the agent.
    window.open(href, '_blank', 'noopener,noreferrer');
    onAnswer('accept');
  };
  return (
    <>
      <p className={styles.link}>
        <a href={href} target="_blank" rel="noopener noreferrer" data-testid="elicitation-url">
          {href}
        </a>
      </p>
      {pending ? (
        <div className={styles.actions}>
          <button type="button" className="button button--primary" data-testid="elicitation-open" disabled={busy} onClick={open}>
            Open
          </button>{' '}
          <button type="button" className="button" data-testid="elicitation-cancel" disabled={busy} onClick={() => onAnswer('cancel')}>
            Cancel
          </button>
        </div>
      ) : null}
    </>
  );
}

function EndedNote({ entry }: { entry: ElicitationEntry }) {
  if (entry.mode === 'url' && entry.status === 'accepted') {
    return (
      <p className={styles.status} data-testid="elicitation-status">
        Opened; waiting for the agent to finish…
      </p>
    );
  }
  const values = Object.entries(entry.content ?? {});
  return (
    <div className={styles.status} data-testid="elicitation-status">
      {fromDevice(ENDED_TEXT[entry.status as Exclude<ElicitationEntry['status'], 'pending'>], entry.device)}
      {values.length > 0 ? (
        <dl className={styles.values} data-testid="elicitation-values">
          {values.map(([name, value]) => (
            <div key={name}>
              <dt>{entry.requestedSchema?.properties[name]?.title || name}</dt> <dd>{shownValue(value)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

function shownValue(value: ElicitationValues[string]): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return Array.isArray(value) ? value.join(', ') : String(value);
}
