import type { ThreadDetails } from '../../lib/protocol/thread-export';
import type { TurnUsage } from '../../lib/protocol/thread-review';
import { formatCost, formatTokens } from '../../lib/thread/review-labels';

/**
 * What the header's one figure counts, said where it shows. It is the relay's record of the thread
 * (`thread/details`), not an agent's own count: an agent's "session" count starts again when the
 * relay restarts (the built-in agent keeps it in memory), when the thread is handed to another
 * agent, and for ACP agents it is the context in use, so it read lower than the thread's total.
 */
export const TOTAL_USAGE_MEANING =
  'Total tokens of this thread: what every turn sent and received, whichever agent answered, kept across restarts';

export interface UsageFigure {
  tokens: string;
  /** Null while no turn had a price (the offline demo, an unlisted model). */
  cost: string | null;
}

/** The thread's total tokens and cost: "17,105 tokens", "$0.05". */
export function totalUsageFigure(details: Pick<ThreadDetails, 'totalTokens' | 'totalCost'>): UsageFigure {
  return { tokens: formatTokens(details.totalTokens), cost: details.totalCost === null ? null : formatCost(details.totalCost) };
}

/** "17,105 tokens · $0.05", or the tokens alone when nothing was priced. */
export function usageFigureText(figure: UsageFigure): string {
  return figure.cost === null ? figure.tokens : `${figure.tokens} · ${figure.cost}`;
}

const numbers = new Intl.NumberFormat('en-US');

/**
 * The last turn's own tokens, when the agent said what it sent and received ("1,000 sent, 234
 * received · $0.01"); null when it gave only a session count, which means something else per agent.
 */
export function lastTurnText(usage: TurnUsage): string | null {
  if (usage.messageInputTokens === undefined && usage.messageOutputTokens === undefined) return null;
  const text = `${numbers.format(usage.messageInputTokens ?? 0)} sent, ${numbers.format(usage.messageOutputTokens ?? 0)} received`;
  return usage.lastMessageCost === undefined ? text : `${text} · ${formatCost(usage.lastMessageCost)}`;
}

/** "200,000 context, 8,000 output". */
export function modelLimitsText(limit: NonNullable<TurnUsage['limit']>): string {
  return `${numbers.format(limit.context)} context, ${numbers.format(limit.output)} output`;
}

/** "1,234 of 200,000 tokens (1%)": the agent's context in use, of its window. */
export function contextUsageText(context: NonNullable<TurnUsage['context']>): string {
  return `${numbers.format(context.used)} of ${numbers.format(context.size)} tokens (${contextPercent(context)}%)`;
}

/** The share of the window in use, rounded down, at most 100 (an agent may report more than fits). */
export function contextPercent(context: NonNullable<TurnUsage['context']>): number {
  return Math.min(100, Math.floor((context.used / context.size) * 100));
}
