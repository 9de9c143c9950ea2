'use client';

import { ANSWER_AND_WATCH_NOTE } from '../../lib/protocol/devices';
import styles from './composer.module.css';
import { ConnectionNotice } from './connection-notice';

/**
 * Where the prompt box would be, on a page opened with an `answer-and-watch` device credential;
 * the connection's notice stays (a revoked device is told so here, and may pair again).
 */
export function AnswerOnlyNote() {
  return (
    <div className={styles.composer}>
      <ConnectionNotice />
      <p data-testid="answer-only-note">{ANSWER_AND_WATCH_NOTE}</p>
    </div>
  );
}
