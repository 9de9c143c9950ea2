import { describe, expect, it } from 'vitest';
import { AgentUnavailableError } from '../agent-backend';
import { RestartBudget } from './restart-budget';

describe('RestartBudget', () => {
  it('refuses a start once the agent failed too often within the window, saying when it will try again', () => {
    let now = 0;
    const budget = new RestartBudget('claude', { maxFailures: 2, windowMs: 60_000, now: () => now });
    budget.check();
    budget.failed();
    budget.check();
    budget.failed();
    expect(() => budget.check()).toThrow(AgentUnavailableError);
    now = 30_000;
    expect(() => budget.check()).toThrow(/claude failed 2 times within 60 s.*again in 30 s/);
    now = 60_001;
    expect(() => budget.check()).not.toThrow();
  });

  it('never counts a check: any number of healthy starts is allowed', () => {
    const budget = new RestartBudget('autohand', { maxFailures: 1, now: () => 0 });
    for (let start = 0; start < 20; start += 1) budget.check();
    expect(() => budget.check()).not.toThrow();
  });
});
