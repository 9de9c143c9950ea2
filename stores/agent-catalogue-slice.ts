/**
 * "Add agent": the ACP registry's agents as the relay lists them (`agents/catalogue`) and the
 * installs the user asked for (`agents/install`). An installed agent joins the agents through the
 * relay's next `config/updated`, like any other.
 */
import type { AgentsCatalogueResult, AgentsInstallProgress } from '../lib/protocol/agent-catalogue';
import { errorMessage } from './baton-rpc';
import type { BatonSliceCreator } from './baton-state';

/** Per agent id: being installed, or why its install failed. */
export type AgentInstallState =
  | { status: 'installing'; progress?: AgentsInstallProgress }
  | { status: 'failed'; error: string }
  | { status: 'done'; version: string };

export interface AgentCatalogueSlice {
  agentCatalogue: AgentsCatalogueResult | null;
  agentCatalogueError: string | null;
  agentInstalls: Readonly<Record<string, AgentInstallState>>;
  loadAgentCatalogue(): Promise<void>;
  installAgent(id: string): Promise<void>;
  /** `agents/installProgress`: how far an install this tab asked for has come. */
  receiveAgentInstallProgress(progress: AgentsInstallProgress): void;
}

export const createAgentCatalogueSlice: BatonSliceCreator<AgentCatalogueSlice> = (rpc) => (set) => {
  const setInstall = (id: string, state: AgentInstallState) => set((store) => ({ agentInstalls: { ...store.agentInstalls, [id]: state } }));
  const load = async () => {
    try {
      set({ agentCatalogue: await rpc.request('agents/catalogue', {}), agentCatalogueError: null });
    } catch (error) {
      set({ agentCatalogueError: errorMessage(error) });
    }
  };
  return {
    agentCatalogue: null,
    agentCatalogueError: null,
    agentInstalls: {},
    loadAgentCatalogue: load,
    async installAgent(id) {
      setInstall(id, { status: 'installing' });
      try {
        const { version } = await rpc.request('agents/install', { id });
        setInstall(id, { status: 'done', version });
        await load();
      } catch (error) {
        setInstall(id, { status: 'failed', error: errorMessage(error) });
      }
    },
    receiveAgentInstallProgress(progress) {
      set((store) =>
        // Progress that arrives after the install's answer is stale: the answer stands.
        store.agentInstalls[progress.id]?.status === 'installing'
          ? { agentInstalls: { ...store.agentInstalls, [progress.id]: { status: 'installing', progress } } }
          : {},
      );
    },
  };
};
