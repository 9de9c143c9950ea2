'use client';

import { useEffect } from 'react';
import { useBatonStore } from '../baton-client/baton-store-context';

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
    <div className="toast toast--info deleted-thread-toast" data-testid="deleted-thread-toast" role="status">
      <span className="toast__message">Deleted “{deleted.title || 'New thread'}”.</span>
      <button type="button" className="button" data-testid="undo-delete" onClick={() => void undoDelete()}>
        Undo
      </button>
      <button type="button" className="toast__dismiss" aria-label="Dismiss" onClick={dismissDeleted}>
        ×
      </button>
    </div>
  );
}
