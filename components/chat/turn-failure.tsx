import { MarkdownText } from './markdown-text';
import styles from './chat.module.css';
import type { TurnFailureKind } from './turn-failure-text';

const TITLES: Record<TurnFailureKind, string> = {
  failed: 'The turn failed',
  interrupted: 'The turn was interrupted',
};

const WHAT_TO_DO: Record<TurnFailureKind, string> = {
  failed: 'Send your message again to retry. If it fails again, check the agent’s settings and the relay’s log.',
  interrupted: 'The thread so far is kept: send a message to carry on where it stopped.',
};

/** Where a turn ended in an error: one block, in place, saying what happened and what to do. */
export function TurnFailure({ kind, reason }: { kind: TurnFailureKind; reason: string }) {
  return (
    <div className={styles.failure} role="note" data-testid="turn-failure" data-kind={kind}>
      <strong className={styles.failureTitle}>{TITLES[kind]}</strong>
      {reason ? <MarkdownText text={reason} /> : null}
      <p className={styles.failureAdvice}>{WHAT_TO_DO[kind]}</p>
    </div>
  );
}
