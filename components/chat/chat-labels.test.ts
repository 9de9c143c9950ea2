import { describe, expect, it } from 'vitest';
import { reasoningLabel } from './reasoning-label';

describe('reasoning labels', () => {
  const thought = { type: 'reasoning' as const, id: 'r1', text: '' };
  it('says the model is thinking, then for how long it thought', () => {
    expect(reasoningLabel({ ...thought, status: 'thinking' })).toBe('Thinking…');
    expect(reasoningLabel({ ...thought, status: 'finished', totalTimeMs: 2345 })).toBe('Thought for 2.3 s');
    expect(reasoningLabel({ ...thought, status: 'finished', totalTimeMs: 42_600 })).toBe('Thought for 43 s');
    expect(reasoningLabel({ ...thought, status: 'finished' })).toBe('Thought');
  });
});
