import { describe, expect, it } from 'vitest';
import { reasoningLabel } from './reasoning-label';
import { usageText } from './usage-text';

describe('reasoning labels', () => {
  const thought = { type: 'reasoning' as const, id: 'r1', text: '' };
  it('says the model is thinking, then for how long it thought', () => {
    expect(reasoningLabel({ ...thought, status: 'thinking' })).toBe('Thinking…');
    expect(reasoningLabel({ ...thought, status: 'finished', totalTimeMs: 2345 })).toBe('Thought for 2.3 s');
    expect(reasoningLabel({ ...thought, status: 'finished', totalTimeMs: 42_600 })).toBe('Thought for 43 s');
    expect(reasoningLabel({ ...thought, status: 'finished' })).toBe('Thought');
  });
});

describe('usage text', () => {
  it('shows tokens and the costs the agent reported', () => {
    expect(usageText({ sessionTokens: 12345, lastMessageCost: '0.01', sessionCost: '0.05' })).toBe(
      '12,345 tokens · last $0.01 · session $0.05',
    );
    expect(usageText({ sessionTokens: 7 })).toBe('7 tokens');
    expect(usageText({ sessionTokens: 7, sessionCost: 'n/a' })).toBe('7 tokens · session n/a');
  });
});
