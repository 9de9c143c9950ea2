import { describe, expect, it } from 'vitest';
import type { ThreadEvent } from '../../lib/protocol/thread-events';
import { foldFacts, NO_FACTS } from './thread-facts';

const usage = (seq: number, lastMessageCost?: string): ThreadEvent => ({
  seq,
  role: 'system',
  content: {
    type: 'usage',
    sessionTokens: 100 * seq,
    messageInputTokens: 80,
    messageOutputTokens: 20,
    ...(lastMessageCost === undefined ? {} : { lastMessageCost }),
  },
});

describe('the thread facts the header shows', () => {
  it('add up the cost of every priced turn, written with the dollar sign or without', () => {
    const facts = foldFacts(NO_FACTS, [usage(1, '$0.0018'), usage(2, '0.0009'), usage(3, ' $ 0.0100 ')]);
    expect(facts.usageCost).toBeCloseTo(0.0127, 10);
    expect(facts.usageTokens).toBe(300);
  });

  it('stay without a cost while no turn had one in dollars', () => {
    expect(foldFacts(NO_FACTS, [usage(1), usage(2, 'n/a'), usage(3, '0.01 EUR')]).usageCost).toBeNull();
  });
});
