/**
 * The active agent's on/off settings (`AgentDescription.settings`), shown as toggles. A toggle
 * shows the value asked for while the request runs; the agent's answer (`thread/setAgentSetting`'s
 * result, then `config/updated`) is what stays, and a refusal puts the toggle back and says why.
 */
import type { AgentSetting } from '../lib/protocol/agents';
import { selectActiveAgent } from './active-agent';
import { errorMessage } from './baton-rpc';
import type { BatonSliceCreator, BatonState } from './baton-state';

export interface AgentSettingsSlice {
  /** The setting being changed and the value asked for, until the agent answers. */
  pendingSetting: { agent: string; settingId: string; value: boolean } | null;
  /** Why the last change was refused. */
  agentSettingError: string | null;
  setAgentSetting(settingId: string, value: boolean): Promise<void>;
}

const NO_SETTINGS: readonly AgentSetting[] = [];

/** The active agent's settings as the agent reported them (the same array until they change). */
export function selectAgentSettings(state: BatonState): readonly AgentSetting[] {
  return selectActiveAgent(state)?.settings ?? NO_SETTINGS;
}

/** Whether a setting shows as on: the value asked for while the agent answers, else the agent's. */
export function selectShownSettingValue(state: BatonState, settingId: string): boolean {
  const agent = selectActiveAgent(state);
  const pending = state.pendingSetting;
  if (agent && pending && pending.agent === agent.name && pending.settingId === settingId) return pending.value;
  return selectAgentSettings(state).find((setting) => setting.id === settingId)?.value ?? false;
}

export const createAgentSettingsSlice: BatonSliceCreator<AgentSettingsSlice> = (rpc) => (set, get) => ({
  pendingSetting: null,
  agentSettingError: null,

  async setAgentSetting(settingId, value) {
    const state = get();
    const agent = selectActiveAgent(state);
    const threadId = state.selectedThreadId;
    if (!agent) return;
    // Settings belong to a thread's agent session, which its first message opens.
    if (threadId === null) {
      set({ agentSettingError: `${agent.label}'s settings apply to a conversation: send a message first.` });
      return;
    }
    set({ pendingSetting: { agent: agent.name, settingId, value }, agentSettingError: null });
    try {
      const { settings } = await rpc.request('thread/setAgentSetting', { threadId, settingId, value });
      set((current) => ({
        agents: current.agents.map((each) => (each.name === agent.name ? { ...each, settings } : each)),
        pendingSetting: null,
      }));
    } catch (error) {
      set({ pendingSetting: null, agentSettingError: errorMessage(error) });
    }
  },
});
