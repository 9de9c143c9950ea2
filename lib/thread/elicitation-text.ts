/**
 * An agent's question (an elicitation entry) in words, for the places that read a thread as text:
 * the exports, the search, and the transcript a newly bound agent reads.
 */
import type { ElicitationEntry, ElicitationOutcome } from '../protocol/elicitation';

const OUTCOME_TEXT: Record<ElicitationOutcome | 'pending', string> = {
  pending: 'not answered yet',
  accepted: 'the user answered',
  declined: 'the user declined',
  cancelled: 'the user cancelled',
  stopped: 'cancelled by Stop',
  withdrawn: 'the agent withdrew it',
  completed: 'the agent completed it',
  ended: 'the turn ended first',
};

/** What the question and the link or form were, and how it ended, in one line. */
export function elicitationText(entry: ElicitationEntry): string {
  const asked = entry.mode === 'url' ? `${entry.message} <${entry.url ?? ''}>` : entry.message;
  const opened = entry.mode === 'url' && entry.status === 'accepted' ? 'the user opened the link' : OUTCOME_TEXT[entry.status];
  const values = entry.content && Object.keys(entry.content).length > 0 ? `: ${JSON.stringify(entry.content)}` : '';
  return `The agent asked: ${asked} (${opened}${values})`;
}
