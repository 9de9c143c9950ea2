/**
 * Tokens and costs per thread, for the `usage` content after each turn and the `/costs` command.
 * Kept in memory only: after a relay restart a thread's totals start again from 0 (the thread's
 * history does not record what its requests cost).
 */
import type { ChatContentInput } from '../../../lib/protocol/eca-chat';
import { addTokens, costOf, formatCost, modelSpec, NO_TOKENS, type TokenCounts, totalTokens } from './model-catalog';

export interface UsageTally {
  tokens: TokenCounts;
  /** Dollars spent on requests to priced models. */
  cost: number;
  /** Tokens of requests to models without a price (the offline demo, an unlisted model). */
  unpricedTokens: number;
}

export const EMPTY_TALLY: UsageTally = { tokens: NO_TOKENS, cost: 0, unpricedTokens: 0 };

export function addRequest(tally: UsageTally, model: string, counts: TokenCounts): UsageTally {
  const cost = costOf(model, counts);
  return {
    tokens: addTokens(tally.tokens, counts),
    cost: tally.cost + (cost ?? 0),
    unpricedTokens: tally.unpricedTokens + (cost === undefined ? totalTokens(counts) : 0),
  };
}

export class ThreadUsage {
  private readonly threads = new Map<string, UsageTally>();

  record(threadId: string, model: string, counts: TokenCounts): void {
    this.threads.set(threadId, addRequest(this.of(threadId), model, counts));
  }

  of(threadId: string): UsageTally {
    return this.threads.get(threadId) ?? EMPTY_TALLY;
  }

  clear(): void {
    this.threads.clear();
  }
}

/**
 * The `usage` content after a turn: the thread's tokens so far and, for a priced model, the cost
 * of this turn and of the thread; the model's limits when the catalog knows them.
 */
export function usageContent(model: string, thread: UsageTally, turn: UsageTally): ChatContentInput {
  const spec = modelSpec(model);
  return {
    type: 'usage',
    sessionTokens: totalTokens(thread.tokens),
    // ECA v1's per-prompt counts, which editors still show: what this turn sent and received.
    messageInputTokens: turn.tokens.inputTokens + turn.tokens.cacheWriteTokens + turn.tokens.cacheReadTokens,
    messageOutputTokens: turn.tokens.outputTokens,
    ...(spec ? { lastMessageCost: formatCost(turn.cost), sessionCost: formatCost(thread.cost) } : {}),
    ...(spec ? { limit: { context: spec.contextTokens, output: spec.outputTokens } } : {}),
  };
}
