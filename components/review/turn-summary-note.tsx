import type { TurnSummaryEntry } from '../../lib/protocol/thread-review';
import { outcomeLabel, turnUsageText } from '../../lib/thread/review-labels';
import styles from './review.module.css';

/** The end of a turn: marked when it was stopped, interrupted or failed, with what it used. */
export function TurnSummaryNote({ entry }: { entry: TurnSummaryEntry }) {
  const marked = entry.outcome !== undefined && entry.outcome !== 'done';
  return (
    <div className={marked ? `${styles.turnSummary} ${styles.turnSummaryMarked}` : styles.turnSummary} role="note" data-testid="turn-summary" data-outcome={entry.outcome ?? 'running'}>
      {marked && entry.outcome ? <strong data-testid="turn-outcome">{outcomeLabel(entry.outcome)}</strong> : null}
      {marked && entry.usage ? ' · ' : null}
      {entry.usage ? <span data-testid="turn-usage">{turnUsageText(entry.usage)}</span> : null}
    </div>
  );
}
