'use client';

import type { ThreadStatus } from '../../lib/protocol/thread-list';
import styles from './threads.module.css';

const LABELS: Record<Exclude<ThreadStatus, 'idle'>, { text: string; title: string }> = {
  running: { text: 'Running', title: 'A turn is running in this thread' },
  waiting: { text: 'Needs approval', title: 'A tool call in this thread waits for your approval' },
};

/** Marks a thread that runs a turn or waits for an approval; nothing for an idle one. */
export function ThreadStatusBadge({ status }: { status: ThreadStatus | undefined }) {
  if (status === undefined || status === 'idle') return null;
  const label = LABELS[status];
  return (
    <span
      className={status === 'waiting' ? `${styles.status} ${styles.statusWaiting}` : styles.status}
      data-testid="thread-status"
      data-status={status}
      title={label.title}
    >
      {label.text}
    </span>
  );
}
