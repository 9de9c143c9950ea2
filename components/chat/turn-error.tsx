'use client';

import { useBatonStore } from '../baton-client/baton-store-context';
import styles from './chat.module.css';

/**
 * What the relay refused to do (a prompt it did not take, a file it could not import): nothing in
 * the thread shows it, so it shows under it. A turn that failed is marked in the thread itself,
 * where it failed (TurnFailure), and not again here.
 */
export function TurnError() {
  const error = useBatonStore((state) => state.lastError);
  if (!error) return null;
  return (
    <div className={styles.actionError} data-testid="turn-error" role="alert">
      <strong>That did not work.</strong> {error}
    </div>
  );
}
