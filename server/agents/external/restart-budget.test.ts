import { describe, expect, it } from 'vitest';
import { AgentUnavailableError } from '../agent-backend';
import { RestartBudget } from './restart-budget';

describe('RestartBudget', () => {
  it('refuses starts past the budget within the window, saying when it will try again', () => {
    let now = 0;
    const budget = new RestartBudget('claude', { maxStarts: 2, windowMs: 60_000, now: () => now });
    budget.take();
    budget.take();
    expect(() => budget.take()).toThrow(AgentUnavailableError);
    now = 30_000;
    expect(() => budget.take()).toThrow(/claude was started 2 times within 60 s.*again in 30 s/);
    now = 60_001;
    expect(() => budget.take()).not.toThrow();
  });
});
