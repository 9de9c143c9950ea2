'use client';

import { useEffect } from 'react';
import { useBatonStore } from '../baton-client/baton-store-context';
import toastStyles from '../toasts/toasts.module.css';
import styles from './threads.module.css';

/** Well within the relay's undo window (UNDO_WINDOW_MS), so that Undo always works while shown. */
const UNDO_VISIBLE_MS = 10_000;

/** "Thread deleted", with Undo while it shows. */
export function DeletedThreadToast() {
  const deleted = useBatonStore((state) => state.recentlyDeleted);
  const undoDelete = useBatonStore((state) => state.undoDelete);
  const dismissDeleted = useBatonStore((state) => state.dismissDeleted);

  useEffect(() => {
    if (!deleted) return;
    const timer = setTimeout(dismissDeleted, UNDO_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [deleted, dismissDeleted]);

  if (!deleted) return null;
  return (
    <div className={`${toastStyles.toast} ${toastStyles.info} ${styles.deletedToast}`} data-testid="deleted-thread-toast" role="status">
      <span className={toastStyles.message}>Deleted “{deleted.title || 'New thread'}”.</span>
      <button type="button" className="button" data-testid="undo-delete" onClick={() => void undoDelete()}>
        Undo
      </button>
      <button type="button" className={toastStyles.dismiss} aria-label="Dismiss" onClick={dismissDeleted}>
        ×
      </button>
    </div>
  );
}
