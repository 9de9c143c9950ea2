'use client';

import { useBatonStore } from '../baton-client/baton-store-context';
import styles from './chat.module.css';

/** The address names a thread the relay does not have: never had, or deleted. */
export function ThreadNotFound() {
  const startNewChat = useBatonStore((state) => state.startNewChat);
  return (
    <div className={styles.notFound} data-testid="thread-not-found" role="alert">
      <p>
        <strong>Thread not found.</strong> It may have been deleted, or the address is wrong.
      </p>
      <button type="button" className="button button--primary" data-testid="thread-not-found-new-chat" onClick={startNewChat}>
        Start a new chat
      </button>
    </div>
  );
}
