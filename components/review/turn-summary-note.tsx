import type { TurnSummaryEntry } from '../../lib/protocol/thread-review';
import { outcomeLabel, turnUsageText } from '../../lib/thread/review-labels';
import styles from './review.module.css';

/** The end of a turn, with what it used: marked when the user stopped it (a failure is marked where it happened). */
export function TurnSummaryNote({ entry }: { entry: TurnSummaryEntry }) {
  const marked = entry.outcome === 'stopped';
  return (
    <div
      className={marked ? `${styles.turnSummary} ${styles.turnSummaryMarked}` : styles.turnSummary}
      role="note"
      data-testid="turn-summary"
      data-outcome={entry.outcome ?? 'running'}
    >
      {marked && entry.outcome ? <strong data-testid="turn-outcome">{outcomeLabel(entry.outcome, entry.device)}</strong> : null}
      {marked && entry.usage ? ' · ' : null}
      {entry.usage ? <span data-testid="turn-usage">{turnUsageText(entry.usage)}</span> : null}
    </div>
  );
}
