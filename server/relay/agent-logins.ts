/**
 * Every started agent's login as the browser sees it (`agent/loginUpdated`, lib/protocol/agent-login.ts):
 * tabs that join late get each agent's current state; every change is pushed to every tab, which
 * shows a login terminal on the thread whose turn waits for it.
 */
import type { AgentLoginUpdatedParams } from '../../lib/protocol/agent-login';
import type { AgentLogin } from '../agents/agent-login';
import type { AgentRegistry } from '../agents/agent-registry';

export interface AgentLogins {
  current(): AgentLoginUpdatedParams[];
  /** A started agent's login part; refused with why for one not started or that logs nobody in. */
  of(agent: string): AgentLogin;
  onUpdated(listener: (update: AgentLoginUpdatedParams) => void): void;
}

export function createAgentLogins(agents: AgentRegistry): AgentLogins {
  return {
    current: () =>
      [...agents.startedBackends()].flatMap(([agent, backend]) => (backend.login ? [{ agent, ...backend.login.current() }] : [])),
    of(agent) {
      const backend = agents.startedBackends().get(agent);
      if (!backend) throw new Error(`${agent} is not running: it has no login to act on.`);
      if (!backend.login) throw new Error(`${agent} has no login of its own.`);
      return backend.login;
    },
    onUpdated(listener) {
      const follow = (agent: string, login: AgentLogin) => login.onUpdated((status) => listener({ agent, ...status }));
      for (const [agent, backend] of agents.startedBackends()) if (backend.login) follow(agent, backend.login);
      agents.onStarted((agent, backend) => {
        if (backend.login) follow(agent, backend.login);
      });
    },
  };
}
