'use client';

import { useState } from 'react';
import type { ThreadMetadata } from '../../lib/protocol/acp-threads';
import { useBatonStore } from '../baton-client/baton-store-context';
import styles from './threads.module.css';

/** Rename, archive (or unarchive) and delete, the delete asking first. */
export function ThreadActions({ thread, onRename }: { thread: ThreadMetadata; onRename(): void }) {
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const setThreadArchived = useBatonStore((state) => state.setThreadArchived);
  const deleteThread = useBatonStore((state) => state.deleteThread);
  const archived = thread.archivedAt !== undefined;

  if (confirmingDelete) {
    return (
      <span className={styles.actions} role="group" aria-label="Confirm delete">
        <span className={styles.question}>Delete this thread?</span>
        <button type="button" className="button button--danger" data-testid="confirm-delete-thread" onClick={() => void deleteThread(thread.id)}>
          Delete
        </button>
        <button type="button" className="button" data-testid="cancel-delete-thread" onClick={() => setConfirmingDelete(false)}>
          Cancel
        </button>
      </span>
    );
  }
  return (
    <span className={styles.actions}>
      <button type="button" className={styles.actionButton} data-testid="rename-thread" title="Rename" onClick={onRename}>
        Rename
      </button>
      <button
        type="button"
        className={styles.actionButton}
        data-testid="archive-thread"
        title={archived ? 'Unarchive' : 'Archive'}
        onClick={() => void setThreadArchived(thread.id, !archived)}
      >
        {archived ? 'Unarchive' : 'Archive'}
      </button>
      <button type="button" className={styles.actionButton} data-testid="delete-thread" title="Delete" onClick={() => setConfirmingDelete(true)}>
        Delete
      </button>
    </span>
  );
}
