import { describe, expect, it } from 'vitest';
import { costOf, formatCost, modelSpec, tokenCounts, totalTokens } from './model-catalog';

describe('the model catalog', () => {
  it('prices input, output and cache tokens per million', () => {
    const counts = { inputTokens: 1_000_000, outputTokens: 100_000, cacheWriteTokens: 0, cacheReadTokens: 0 };
    expect(costOf('claude-sonnet-4-5', counts)).toBeCloseTo(3 + 1.5);
    expect(costOf('claude-haiku-4-5', { ...counts, cacheWriteTokens: 1_000_000, cacheReadTokens: 1_000_000 })).toBeCloseTo(
      1 + 0.5 + 1.25 + 0.1,
    );
  });

  it('knows a model by its dated name too, and prices nothing it does not know', () => {
    expect(modelSpec('claude-sonnet-4-5-20250929')).toBe(modelSpec('claude-sonnet-4-5'));
    expect(costOf('offline-demo', tokenCounts({ input_tokens: 10, output_tokens: 5 }))).toBeUndefined();
  });

  it('counts every token read and written, and shows dollars to four places', () => {
    expect(totalTokens(tokenCounts({ input_tokens: 10, output_tokens: 5, cache_read_input_tokens: 2 }))).toBe(17);
    expect(formatCost(0.012345)).toBe('$0.0123');
    expect(formatCost(0)).toBe('$0.0000');
  });
});
