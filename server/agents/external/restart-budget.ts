/**
 * Bounds how often an agent is (re)started: an agent that dies at every start would otherwise be
 * spawned again by every prompt. Past the budget a start is refused with a clear message until
 * the window has passed.
 */
import { AgentUnavailableError } from '../agent-backend';

export interface RestartBudgetOptions {
  /** Starts allowed within `windowMs`. */
  maxStarts?: number;
  windowMs?: number;
  now?: () => number;
}

export class RestartBudget {
  private readonly starts: number[] = [];
  private readonly maxStarts: number;
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(
    private readonly agentName: string,
    options: RestartBudgetOptions = {},
  ) {
    this.maxStarts = options.maxStarts ?? 5;
    this.windowMs = options.windowMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /** Counts one start, or throws AgentUnavailableError when the budget is spent. */
  take(): void {
    const now = this.now();
    while (this.starts.length > 0 && this.starts[0]! <= now - this.windowMs) this.starts.shift();
    if (this.starts.length >= this.maxStarts) {
      const waitSeconds = Math.ceil((this.starts[0]! + this.windowMs - now) / 1000);
      throw new AgentUnavailableError(
        `${this.agentName} was started ${this.starts.length} times within ${this.windowMs / 1000} s and keeps failing; Baton will try again in ${waitSeconds} s. Check its command and its log.`,
      );
    }
    this.starts.push(now);
  }
}
