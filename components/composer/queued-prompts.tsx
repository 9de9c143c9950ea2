'use client';

import { useState } from 'react';
import { selectOpenQueue, type QueuedPrompt } from '../../stores/prompt-queue-slice';
import { useBatonStore } from '../baton-client/baton-store-context';
import styles from './composer.module.css';

const STATE_LABELS: Record<QueuedPrompt['state'], string> = {
  waiting: 'Queued: sent when the turn ends',
  steering: 'Steering: for the agent’s next step',
  failed: 'Not sent',
};

/** The open thread's messages typed while its turn runs, each editable and removable until it goes out. */
export function QueuedPrompts() {
  const queue = useBatonStore(selectOpenQueue);
  const threadId = useBatonStore((state) => state.selectedThreadId);
  if (!threadId || queue.length === 0) return null;

  return (
    <ul className={styles.queue} aria-label="Queued messages" data-testid="queued-prompts">
      {queue.map((queued) => (
        <QueuedPromptItem key={queued.id} threadId={threadId} queued={queued} />
      ))}
    </ul>
  );
}

function QueuedPromptItem({ threadId, queued }: { threadId: string; queued: QueuedPrompt }) {
  const editQueuedPrompt = useBatonStore((state) => state.editQueuedPrompt);
  const removeQueuedPrompt = useBatonStore((state) => state.removeQueuedPrompt);
  const [editing, setEditing] = useState<string | null>(null);
  // A steering message is with the agent already: it can be neither changed nor taken back.
  const editable = queued.state !== 'steering';
  const save = () => {
    if (editing === null) return;
    if (editing.trim() === '') removeQueuedPrompt(threadId, queued.id);
    else editQueuedPrompt(threadId, queued.id, editing);
    setEditing(null);
  };

  return (
    <li className={styles.queued} data-testid="queued-prompt" data-state={queued.state}>
      <div className={styles.queuedBody}>
        <span className={styles.kind}>{STATE_LABELS[queued.state]}</span>
        {editing === null ? (
          <span className={styles.queuedText} data-testid="queued-prompt-text">
            {queued.text}
          </span>
        ) : (
          <textarea
            className={styles.queuedEditor}
            aria-label="Edit the queued message"
            data-testid="queued-prompt-editor"
            value={editing}
            autoFocus
            onChange={(event) => setEditing(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                save();
              } else if (event.key === 'Escape') {
                // Cancels the edit only: the running turn goes on.
                event.preventDefault();
                setEditing(null);
              }
            }}
          />
        )}
        {queued.error ? <p className={styles.error}>{queued.error}</p> : null}
      </div>
      <div className={styles.queuedActions}>
        {editing !== null ? (
          <button type="button" className="button" data-testid="save-queued-prompt" onClick={save}>
            Save
          </button>
        ) : editable ? (
          <button type="button" className="button" data-testid="edit-queued-prompt" onClick={() => setEditing(queued.text)}>
            Edit
          </button>
        ) : null}
        {editable ? (
          <button
            type="button"
            className="button"
            data-testid="remove-queued-prompt"
            aria-label={`Remove the queued message “${queued.text.slice(0, 40)}”`}
            onClick={() => removeQueuedPrompt(threadId, queued.id)}
          >
            Remove
          </button>
        ) : null}
      </div>
    </li>
  );
}
