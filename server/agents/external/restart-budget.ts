/**
 * Bounds how often an agent that keeps failing is started again: one that dies at every start
 * would otherwise be spawned again by every prompt. Only failures count (a start that failed, a
 * process that went away on its own), never a healthy start, so many threads of one agent can
 * start at once. Past the budget a start is refused with a clear message until the window has
 * passed.
 */
import { AgentUnavailableError } from '../agent-backend';

export interface RestartBudgetOptions {
  /** Failures allowed within `windowMs`; the next start is refused. */
  maxFailures?: number;
  windowMs?: number;
  now?: () => number;
}

export class RestartBudget {
  private readonly failures: number[] = [];
  private readonly maxFailures: number;
  private readonly windowMs: number;
  private readonly now: () => number;

  constructor(
    private readonly agentName: string,
    options: RestartBudgetOptions = {},
  ) {
    this.maxFailures = options.maxFailures ?? 5;
    this.windowMs = options.windowMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /** Throws AgentUnavailableError when the agent failed too often lately to be started again. */
  check(): void {
    const now = this.forgetOld();
    if (this.failures.length >= this.maxFailures) {
      const waitSeconds = Math.ceil((this.failures[0]! + this.windowMs - now) / 1000);
      throw new AgentUnavailableError(
        `${this.agentName} failed ${this.failures.length} times within ${this.windowMs / 1000} s; Baton will try again in ${waitSeconds} s. Check its command and its log.`,
      );
    }
  }

  /** Counts one failure: a start that failed, or a process that went away without being asked to. */
  failed(): void {
    this.failures.push(this.forgetOld());
  }

  private forgetOld(): number {
    const now = this.now();
    while (this.failures.length > 0 && this.failures[0]! <= now - this.windowMs) this.failures.shift();
    return now;
  }
}
