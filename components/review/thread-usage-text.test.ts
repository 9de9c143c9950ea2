import { describe, expect, it } from 'vitest';
import { contextUsageText, lastTurnText, modelLimitsText, totalUsageFigure, usageFigureText } from './thread-usage-text';

describe('the thread header’s usage figure', () => {
  it('is the thread’s total tokens, with its cost when priced', () => {
    expect(usageFigureText(totalUsageFigure({ totalTokens: 17105, totalCost: 0.0512 }))).toBe('17,105 tokens · $0.0512');
    expect(usageFigureText(totalUsageFigure({ totalTokens: 3110, totalCost: null }))).toBe('3,110 tokens');
    expect(totalUsageFigure({ totalTokens: 0, totalCost: null })).toEqual({ tokens: '0 tokens', cost: null });
  });
});

describe('the details’ last turn and limits', () => {
  it('says what the last turn sent and received, and nothing for a bare session count', () => {
    expect(lastTurnText({ sessionTokens: 9000, messageInputTokens: 1000, messageOutputTokens: 234, lastMessageCost: '0.01' })).toBe(
      '1,000 sent, 234 received · $0.01',
    );
    expect(lastTurnText({ sessionTokens: 9000, messageOutputTokens: 5 })).toBe('0 sent, 5 received');
    expect(lastTurnText({ sessionTokens: 3110 })).toBeNull();
  });

  it('names both limits', () => {
    expect(modelLimitsText({ context: 200000, output: 8000 })).toBe('200,000 context, 8,000 output');
  });
});

describe('the context meter’s text', () => {
  it('says the context in use of its window, and caps the share at 100%', () => {
    expect(contextUsageText({ used: 1234, size: 200000 })).toBe('1,234 of 200,000 tokens (0%)');
    expect(contextUsageText({ used: 150000, size: 200000 })).toBe('150,000 of 200,000 tokens (75%)');
    expect(contextUsageText({ used: 210000, size: 200000 })).toBe('210,000 of 200,000 tokens (100%)');
  });
});
