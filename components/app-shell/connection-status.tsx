'use client';

import type { ConnectionStatus as Status } from '../../stores/baton-store';
import { connectionErrorText } from '../baton-client/connection-error-text';
import { useBatonStore } from '../baton-client/baton-store-context';
import styles from './app-header.module.css';

function statusLabel(status: Status): string {
  switch (status) {
    case 'connecting':
      return 'Connecting…';
    case 'connected':
      return 'Connected';
    case 'disconnected':
      return 'Disconnected';
    default: {
      const unreachable: never = status;
      return unreachable;
    }
  }
}

/** A coloured dot and a word; `compact` keeps only the dot on screen (the words stay for screen readers). */
export function ConnectionStatus({ compact = false }: { compact?: boolean }) {
  const status = useBatonStore((state) => state.connectionStatus);
  const error = useBatonStore((state) => state.connectionError);

  return (
    <span
      className={compact ? `${styles.status} ${styles.compact}` : styles.status}
      data-testid="connection-status"
      data-state={status}
      role="status"
      title={error ?? statusLabel(status)}
    >
      <span className={styles.dot} aria-hidden="true" />
      <span className={styles.label}>
        {statusLabel(status)}
        {error && status !== 'connected' ? <span className={styles.error}>: {connectionErrorText(error)}</span> : null}
      </span>
    </span>
  );
}
