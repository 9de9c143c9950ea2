/** The store with several configured agents: the composer follows the open thread's agent. */
import { describe, expect, it } from 'vitest';
import type { AgentDescription } from '../lib/protocol/agents';
import { selectActiveAgent, selectOfferedBehaviors, selectPromptBehavior, selectPromptModel } from './active-agent';
import { createBatonStore } from './baton-store';
import { FakeBatonRpc } from './testing/fake-baton-rpc';
import { EMPTY_ENTRY_LIST, entriesOf } from './entry-list';

const modifiedAt = '2025-01-01T00:00:00.000Z';
const capabilities = { contexts: true, commands: true, toolServers: true, sessionApproval: true };
const builtin: AgentDescription = {
  name: 'builtin',
  label: 'Built-in agent',
  kind: 'builtin',
  offlineDemo: true,
  models: ['offline-demo'],
  defaultModel: 'offline-demo',
  behaviors: ['agent', 'plan'],
  defaultBehavior: 'agent',
  capabilities,
};
const claude: AgentDescription = {
  name: 'claude',
  label: 'Claude Code (ACP)',
  kind: 'acp',
  offlineDemo: false,
  models: ['opus', 'sonnet'],
  defaultModel: 'sonnet',
  behaviors: ['default', 'plan'],
  capabilities: { ...capabilities, contexts: false, commands: false },
};

function storeWithAgents() {
  const rpc = new FakeBatonRpc({
    getThreads: () => ({ threads: [{ id: 'thread-claude', title: 'Claude thread', modifiedAt, agent: 'claude' }] }),
    createThread: (params) => ({ threadId: `thread-for-${params?.agent ?? 'default'}` }),
    openThread: () => null,
    getThreadEntries: () => ({ entries: [], lastSeq: 0, turnRunning: false }),
    'thread/handOver': ({ agent }) => ({ agent }),
    'chat/prompt': ({ chatId }) => ({ chatId: chatId ?? '', model: 'sonnet', status: 'prompting' }),
  });
  const store = createBatonStore(rpc);
  store.getState().receiveConfig({
    baton: { agentName: 'Built-in agent', offlineDemo: true, workspaceName: 'w', agents: [builtin, claude], defaultAgent: 'builtin' },
  });
  return { rpc, store };
}

describe('the store with configured agents', () => {
  it("offers the open thread's agent's models and modes, and sends a choice it offers", async () => {
    const { rpc, store } = storeWithAgents();
    expect(selectActiveAgent(store.getState())?.name).toBe('builtin');
    await store.getState().loadThreads();
    await store.getState().selectThread('thread-claude');
    expect(selectActiveAgent(store.getState())?.name).toBe('claude');
    expect(selectOfferedBehaviors(store.getState())).toEqual(['default', 'plan']);
    expect(selectPromptModel(store.getState())).toBe('sonnet');
    expect(selectPromptBehavior(store.getState())).toBe('default');

    store.getState().selectModel('opus');
    await store.getState().sendPrompt('hi');
    expect(rpc.requests.at(-1)).toEqual({
      method: 'chat/prompt',
      params: { chatId: 'thread-claude', message: 'hi', model: 'opus', behavior: 'default' },
    });
  });

  it('creates a thread for the agent picked for new threads, and lists it with that agent', async () => {
    const { rpc, store } = storeWithAgents();
    store.getState().chooseNewThreadAgent('claude');
    expect(await store.getState().createThread()).toBe('thread-for-claude');
    expect(rpc.requests.find((request) => request.method === 'createThread')?.params).toEqual({ agent: 'claude' });
    expect(store.getState().threads[0]).toMatchObject({ id: 'thread-for-claude', agent: 'claude' });
  });

  it('hands the open thread over, and a handOver content rebinds it in the list', async () => {
    const { rpc, store } = storeWithAgents();
    await store.getState().loadThreads();
    await store.getState().selectThread('thread-claude');
    expect(await store.getState().handOverThread('builtin')).toBe(true);
    expect(rpc.requests.at(-1)).toEqual({ method: 'thread/handOver', params: { threadId: 'thread-claude', agent: 'builtin' } });
    store.getState().receiveChatContent({
      chatId: 'thread-claude',
      role: 'system',
      seq: 1,
      content: { type: 'handOver', from: 'claude', to: 'builtin' },
    });
    expect(selectActiveAgent(store.getState())?.name).toBe('builtin');
    expect(entriesOf(store.getState().chats.get('thread-claude')?.entries ?? EMPTY_ENTRY_LIST)).toEqual([
      { type: 'handOver', from: 'claude', to: 'builtin' },
    ]);
  });

  it("sends the agent's own option with an approval or a rejection", () => {
    const { rpc, store } = storeWithAgents();
    store.setState({ selectedThreadId: 'thread-claude' });
    store.getState().approveToolCall('call-1', { optionId: 'allow-always' });
    store.getState().rejectToolCall('call-2', { optionId: 'reject-once' });
    expect(rpc.notifications).toEqual([
      { method: 'chat/toolCallApprove', params: { chatId: 'thread-claude', toolCallId: 'call-1', optionId: 'allow-always' } },
      { method: 'chat/toolCallReject', params: { chatId: 'thread-claude', toolCallId: 'call-2', optionId: 'reject-once' } },
    ]);
  });
});
