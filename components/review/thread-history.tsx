'use client';

import { useEffect } from 'react';
import { useBatonStore } from '../baton-client/baton-store-context';
import { auditActionText } from './audit-action-text';
import styles from './thread-header.module.css';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * In the thread's details: who did what to it (`audit/list`), newest first, read each time the
 * details open, so an approval given meanwhile on another page is there.
 */
export function ThreadHistory({ threadId }: { threadId: string }) {
  const loadThreadHistory = useBatonStore((state) => state.loadThreadHistory);
  const history = useBatonStore((state) => (state.threadHistory?.threadId === threadId ? state.threadHistory.actions : null));
  useEffect(() => {
    void loadThreadHistory(threadId);
  }, [threadId, loadThreadHistory]);

  return (
    <section className={styles.history} aria-label="History of who did what">
      <h3 className={styles.historyTitle}>History of who did what</h3>
      {history === null ? (
        <p className={styles.historyEmpty}>Reading…</p>
      ) : history.length === 0 ? (
        <p className={styles.historyEmpty} data-testid="thread-history-empty">
          Nothing done to this thread is recorded yet.
        </p>
      ) : (
        <ol className={styles.historyList} data-testid="thread-history">
          {history.map((action, index) => (
            // The list is read whole each time and never edited in place; two actions may share every field.
            <li key={index} data-testid="thread-history-item">
              <span>{auditActionText(action)}</span> <time dateTime={action.at}>{when.format(new Date(action.at))}</time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
