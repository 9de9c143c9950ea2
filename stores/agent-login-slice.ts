/**
 * Each agent's login as `agent/loginUpdated` reports it (lib/protocol/agent-login.ts): the login
 * terminal a thread's turn waits for, and whether the agent offers Log out. What the user types,
 * Cancel and Log out go to the relay; the terminal changes when the relay says it did.
 */
import type { AgentLoginUpdatedParams, LoginTerminal } from '../lib/protocol/agent-login';
import { errorMessage } from './baton-rpc';
import type { BatonSliceCreator, BatonState } from './baton-state';

export interface AgentLoginSlice {
  /** By agent name. */
  agentLogins: Readonly<Record<string, AgentLoginUpdatedParams>>;
  /** Why the last thing sent to a login terminal was refused. */
  agentLoginError: string | null;
  receiveAgentLogin(update: AgentLoginUpdatedParams): void;
  typeIntoLogin(agent: string, text: string): Promise<void>;
  cancelLogin(agent: string): Promise<void>;
  logOut(agent: string): Promise<void>;
}

/** The agent whose login terminal the open thread's turn waits for (a name: stable for React between renders). */
export function selectOpenThreadLoginAgent(state: BatonState): string | null {
  for (const { agent, terminal } of Object.values(state.agentLogins)) {
    if (terminal && terminal.threadId === state.selectedThreadId) return agent;
  }
  return null;
}

export function selectLoginTerminal(state: BatonState, agent: string | null): LoginTerminal | null {
  return agent !== null ? (state.agentLogins[agent]?.terminal ?? null) : null;
}

export const createAgentLoginSlice: BatonSliceCreator<AgentLoginSlice> = (rpc) => (set, get) => {
  const send = async (request: () => Promise<unknown>) => {
    try {
      await request();
      set({ agentLoginError: null });
    } catch (error) {
      set({ agentLoginError: errorMessage(error) });
    }
  };
  return {
    agentLogins: {},
    agentLoginError: null,

    receiveAgentLogin(update) {
      set((state) => ({ agentLogins: { ...state.agentLogins, [update.agent]: update } }));
    },

    typeIntoLogin: (agent, text) => send(() => rpc.request('agent/loginInput', { agent, text })),

    cancelLogin: (agent) => send(() => rpc.request('agent/loginCancel', { agent })),

    async logOut(agent) {
      const label = get().agents.find((each) => each.name === agent)?.label ?? agent;
      try {
        await rpc.request('agent/logout', { agent });
        get().showMessage({ type: 'info', message: `Logged out of ${label}: its next prompt asks you to log in again.` });
      } catch (error) {
        get().showMessage({ type: 'error', message: `Could not log out of ${label}: ${errorMessage(error)}` });
      }
    },
  };
};
