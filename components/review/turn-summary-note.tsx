import type { TurnSummaryEntry } from '../../lib/protocol/thread-review';
import { outcomeLabel, turnUsageText } from '../../lib/thread/review-labels';

/** The end of a turn: marked when it was stopped, interrupted or failed, with what it used. */
export function TurnSummaryNote({ entry }: { entry: TurnSummaryEntry }) {
  const marked = entry.outcome !== undefined && entry.outcome !== 'done';
  return (
    <div className={`turn-summary${marked ? ' turn-summary--marked' : ''}`} role="note" data-testid="turn-summary" data-outcome={entry.outcome ?? 'running'}>
      {marked && entry.outcome ? <strong data-testid="turn-outcome">{outcomeLabel(entry.outcome)}</strong> : null}
      {marked && entry.usage ? ' · ' : null}
      {entry.usage ? <span data-testid="turn-usage">{turnUsageText(entry.usage)}</span> : null}
    </div>
  );
}
