import { describe, expect, it } from 'vitest';
import type { AgentDescription, AgentSetting } from '../lib/protocol/agents';
import { selectShownSettingValue } from './agent-settings-slice';
import { createBatonStore } from './baton-store';
import { type FakeHandlers, FakeBatonRpc, WireError } from './testing/fake-baton-rpc';

const brief: AgentSetting = { id: 'brief', name: 'Brief answers', description: 'Answer in one line', value: false };
const agent: AgentDescription = {
  name: 'fake-acp',
  label: 'Fake (ACP)',
  kind: 'acp',
  offlineDemo: false,
  models: [],
  behaviors: [],
  settings: [brief],
  capabilities: { contexts: false, commands: true, toolServers: false, sessionApproval: true },
};

function storeWith(handlers: FakeHandlers, threadId: string | null = 'thread-1') {
  const rpc = new FakeBatonRpc(handlers);
  const store = createBatonStore(rpc);
  store.getState().receiveConfig({
    baton: { agentName: 'Fake', offlineDemo: false, workspaceName: 'w', agents: [agent], defaultAgent: 'fake-acp' },
  });
  store.setState({ selectedThreadId: threadId });
  return { rpc, store };
}

const briefValue = (store: ReturnType<typeof storeWith>['store']) => selectShownSettingValue(store.getState(), 'brief');

describe("the agent's on/off settings", () => {
  it('shows the value asked for while the agent answers, then what the agent answered', async () => {
    let answer: (settings: AgentSetting[]) => void = () => {};
    const { rpc, store } = storeWith({
      'thread/setAgentSetting': () => new Promise((resolve) => (answer = (settings) => resolve({ settings }))),
    });
    const changing = store.getState().setAgentSetting('brief', true);
    expect(briefValue(store)).toBe(true);
    expect(rpc.requests).toEqual([{ method: 'thread/setAgentSetting', params: { threadId: 'thread-1', settingId: 'brief', value: true } }]);
    answer([{ ...brief, value: true }]);
    await changing;
    expect(briefValue(store)).toBe(true);
    // The agent's word is final: asked to turn it off, it may keep it on.
    const refused = store.getState().setAgentSetting('brief', false);
    expect(briefValue(store)).toBe(false);
    answer([{ ...brief, value: true }]);
    await refused;
    expect(briefValue(store)).toBe(true);
    expect(store.getState().agentSettingError).toBeNull();
  });

  it('puts the toggle back and says why when the agent refuses', async () => {
    const { store } = storeWith({
      'thread/setAgentSetting': () => {
        throw new WireError(-32010, 'fake-acp did not change "brief": locked');
      },
    });
    await store.getState().setAgentSetting('brief', true);
    expect(briefValue(store)).toBe(false);
    expect(store.getState().agentSettingError).toBe('fake-acp did not change "brief": locked');
  });

  it('asks for a first message when no thread is open, sending nothing', async () => {
    const { rpc, store } = storeWith({}, null);
    await store.getState().setAgentSetting('brief', true);
    expect(rpc.requests).toEqual([]);
    expect(store.getState().agentSettingError).toBe("Fake (ACP)'s settings apply to a conversation: send a message first.");
  });
});
