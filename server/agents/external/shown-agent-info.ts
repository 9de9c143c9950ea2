/**
 * An adapter's AgentInfo as the UI was last told it. External agents learn their model, models
 * and modes only once they run; each real change reaches every `onInfoChanged` listener once, and
 * an update that changes nothing reaches none.
 */
import type { AgentInfo } from '../agent-backend';

export class ShownAgentInfo {
  private readonly listeners = new Set<() => void>();

  constructor(private current: AgentInfo) {}

  get info(): AgentInfo {
    return this.current;
  }

  onChanged(listener: () => void): void {
    this.listeners.add(listener);
  }

  /** Shows `next` when it differs from what was shown. */
  update(next: AgentInfo): void {
    if (JSON.stringify(next) === JSON.stringify(this.current)) return;
    this.current = next;
    for (const listener of this.listeners) listener();
  }
}
