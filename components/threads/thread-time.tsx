'use client';

import { threadDate } from './relative-date';
import styles from './threads.module.css';

/**
 * When the thread last changed, relative to `now` ("5 min ago"); the exact date and time on hover
 * (title) and, for screen readers, in words after the label (a title is not reliably read out).
 */
export function ThreadTime({ modifiedAt, now }: { modifiedAt: string; now: number }) {
  const date = threadDate(modifiedAt, now);
  if (!date) return null;
  return (
    <time className={styles.time} data-testid="thread-time" dateTime={modifiedAt} title={date.exact}>
      {date.label}
      <span className={styles.visuallyHidden}>, {date.exact}</span>
    </time>
  );
}
