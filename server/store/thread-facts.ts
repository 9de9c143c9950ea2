/**
 * The facts a thread's header shows that no single entry holds: the model last prompted, and the
 * tokens and dollars of every turn so far. Folded from the events as they are stored, in the same
 * transaction, so they survive a restart (the built-in agent's own tally lives in memory only).
 */
import type { ThreadEvent } from '../../lib/protocol/thread-events';

export interface ThreadFacts {
  model: string | null;
  usageTokens: number;
  /** Null while no turn had a price. */
  usageCost: number | null;
  /** The agent session's token count at its last report. */
  lastSessionTokens: number;
}

export const NO_FACTS: ThreadFacts = { model: null, usageTokens: 0, usageCost: null, lastSessionTokens: 0 };

/** Whether storing the event changes the thread's facts. */
export function changesFacts(event: ThreadEvent): boolean {
  const { content } = event;
  return content.type === 'usage' || content.type === 'handOver' || (content.type === 'text' && content.model !== undefined);
}

export function foldFacts(facts: ThreadFacts, events: readonly ThreadEvent[]): ThreadFacts {
  let next = facts;
  for (const { role, content } of events) {
    if (content.type === 'text' && role === 'user' && content.model !== undefined) next = { ...next, model: content.model };
    // The next agent starts a session of its own, counting from 0.
    if (content.type === 'handOver') next = { ...next, lastSessionTokens: 0 };
    if (content.type !== 'usage') continue;
    const cost = dollars(content.lastMessageCost);
    next = {
      ...next,
      usageTokens: next.usageTokens + turnTokens(content, next.lastSessionTokens),
      usageCost: cost === undefined ? next.usageCost : (next.usageCost ?? 0) + cost,
      lastSessionTokens: content.sessionTokens,
    };
  }
  return next;
}

type Usage = Extract<ThreadEvent['content'], { type: 'usage' }>;

/**
 * A turn's own tokens: what it sent and received, when the agent says so; otherwise how far the
 * session's count moved (a count lower than the last one is a new session, counted whole).
 */
function turnTokens(usage: Usage, lastSessionTokens: number): number {
  if (usage.messageInputTokens !== undefined || usage.messageOutputTokens !== undefined) {
    return (usage.messageInputTokens ?? 0) + (usage.messageOutputTokens ?? 0);
  }
  return usage.sessionTokens >= lastSessionTokens ? usage.sessionTokens - lastSessionTokens : usage.sessionTokens;
}

/**
 * Agents send costs as decimal strings in dollars, with or without the sign ("$0.0123" from the
 * built-in agent and ECA, "0.0123" from ACP agents); anything else ("n/a", "0.01 EUR") has no price to add.
 */
function dollars(cost: string | undefined): number | undefined {
  const amount = cost?.trim().replace(/^\$\s*/, '');
  if (amount === undefined || !/^\d+(\.\d+)?$/.test(amount)) return undefined;
  return Number(amount);
}
