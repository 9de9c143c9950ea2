'use client';

import { useBatonStore } from '../baton-client/baton-store-context';
import { ModalDialog } from '../modal-dialog/modal-dialog';
import styles from './thread-header.module.css';

/**
 * Asks before the thread menu's Delete: a modal (Esc or Cancel keeps the thread), Cancel focused
 * first. Delete is the thread list's own restorable delete, so the "Deleted" toast offers Undo.
 * Focus goes back to where it was (the menu's button) when it closes.
 */
export function DeleteThreadDialog({ threadId, onClose }: { threadId: string; onClose: () => void }) {
  const title = useBatonStore((state) => state.threads.find((thread) => thread.id === threadId)?.title || 'New thread');
  const deleteThread = useBatonStore((state) => state.deleteThread);

  return (
    <ModalDialog
      className={styles.dialog}
      labelledBy="delete-thread-title"
      describedBy="delete-thread-text"
      testId="delete-thread-dialog"
      onCancel={onClose}
    >
      <h3 id="delete-thread-title" className={styles.dialogTitle}>
        Delete “{title}”?
      </h3>
      <p id="delete-thread-text">The thread and its history leave the list. Undo, offered for a few seconds after, brings them back.</p>
      <div className={styles.dialogButtons}>
        <button type="button" className="button" data-testid="cancel-delete-open-thread" autoFocus onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="button button--danger"
          data-testid="confirm-delete-open-thread"
          onClick={() => {
            onClose();
            void deleteThread(threadId);
          }}
        >
          Delete
        </button>
      </div>
    </ModalDialog>
  );
}
