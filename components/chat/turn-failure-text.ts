/**
 * The relay ends a failed or interrupted turn with a system text that joins the answer
 * (server/hub/thread-session.ts): "**The turn failed:** reason" or "**The turn was interrupted:**
 * reason", and any further system text of that turn after it. The chat shows that part as the
 * turn's one error block, in place, apart from what the agent itself wrote.
 */

export type TurnFailureKind = 'failed' | 'interrupted';

export interface SplitAnswer {
  /** What the agent wrote before the failure. */
  answer: string;
  failure?: { kind: TurnFailureKind; reason: string };
}

const FAILURE = /\n*\*\*The turn (failed|was interrupted):\*\* ?/;

export function splitTurnFailure(text: string): SplitAnswer {
  const match = FAILURE.exec(text);
  if (!match) return { answer: text };
  return {
    answer: text.slice(0, match.index).trimEnd(),
    failure: { kind: match[1] === 'failed' ? 'failed' : 'interrupted', reason: text.slice(match.index + match[0].length).trim() },
  };
}
