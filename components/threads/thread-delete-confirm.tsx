'use client';

import { useEffect, useRef } from 'react';
import styles from './threads.module.css';

/** The question a delete asks first, in the row; focus starts on Cancel, and Escape cancels. */
export function ThreadDeleteConfirm({ onConfirm, onCancel }: { onConfirm(): void; onCancel(): void }) {
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);

  return (
    <div
      className={styles.confirm}
      role="group"
      aria-label="Confirm delete"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onCancel();
      }}
    >
      <span className={styles.question}>Delete this thread?</span>
      <button type="button" className="button button--danger" data-testid="confirm-delete-thread" onClick={onConfirm}>
        Delete
      </button>
      <button ref={cancel} type="button" className="button" data-testid="cancel-delete-thread" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
