/**
 * What an agent that logs its user in offers the relay (ACP's `terminal` auth method and
 * `logout`): its login state for the page, the user's key presses for its login terminal, Cancel,
 * and Log out. The relay pushes each change to every tab (`agent/loginUpdated`).
 */
import type { AgentLoginUpdatedParams } from '../../lib/protocol/agent-login';

export type AgentLoginStatus = Omit<AgentLoginUpdatedParams, 'agent'>;

export interface AgentLogin {
  current(): AgentLoginStatus;
  /** Types into the running login terminal; refused with why when none runs. */
  input(text: string): void;
  /** Stops the running login terminal, or dismisses a failed one. */
  cancel(): void;
  /** ACP `logout`; refused with why when the agent does not advertise it. */
  logout(): Promise<void>;
  onUpdated(listener: (status: AgentLoginStatus) => void): void;
}
