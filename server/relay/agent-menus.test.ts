/**
 * A thread's `@` and `/` menus and its tools panel are its agent's: for an external ECA server,
 * the relay asks that server and shows that server's own tool servers, tagged with the agent, and
 * Start and Stop reach it. A tab with no thread open gets the agent it names for the next thread.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeServerEntry } from '../agents/eca-client/testing/eca-client-support';
import { rpcClient, startTestRelay, type TestRelay, whenConnected } from './testing/relay-support';
import { connectScriptClient } from './script-client';

const WAIT_LIMIT_MS = 25_000;

interface ServerUpdate {
  type: string;
  name: string;
  status: string;
  baton?: { agent: string };
}

interface AgentsConfig {
  baton?: { agents?: Array<{ name: string; defaultModel?: string }> };
}

let relay: TestRelay;
let closeClient: () => void;

beforeEach(async () => {
  relay = await startTestRelay({ extraAgents: [{ name: 'eca', entry: { ...fakeServerEntry(), label: 'Fake ECA' } }] });
});

afterEach(async () => {
  closeClient?.();
  await relay.close();
});

async function connectTab() {
  const socket = connectScriptClient(relay.origin, relay.relay.token);
  closeClient = () => socket.close();
  expect(await whenConnected(socket)).toEqual({ connected: true });
  const updates: ServerUpdate[] = [];
  const configs: AgentsConfig[] = [];
  socket.on('rpc', (message: { method?: string; params?: unknown }) => {
    if (message.method === 'tool/serverUpdated') updates.push(message.params as ServerUpdate);
    if (message.method === 'config/updated') configs.push(message.params as AgentsConfig);
  });
  const client = rpcClient(socket);
  await client.call('initialize', {
    processId: null,
    clientInfo: { name: 'test', version: '1' },
    capabilities: { codeAssistant: { chat: true } },
    workspaceFolders: [],
  });
  client.send('initialized', {}, null);
  return { client, updates, configs };
}

async function until<T>(found: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + WAIT_LIMIT_MS;
  for (;;) {
    const value = found();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what}.\nLog:\n${relay.logs.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("an ECA agent's menus and tool servers", () => {
  it("offers the ECA server's own contexts and commands for its thread, and the workspace's for a built-in thread", async () => {
    const { client } = await connectTab();
    const eca = await client.call('createThread', { agent: 'eca' });
    const ecaThread = (eca.result as { threadId: string }).threadId;

    const contexts = await client.call('chat/queryContext', { chatId: ecaThread, query: '', contexts: [] });
    expect(contexts.result).toEqual({
      chatId: ecaThread,
      contexts: [
        { type: 'file', path: 'README.md' },
        { type: 'directory', path: 'src' },
      ],
    });
    const commands = await client.call('chat/queryCommands', { query: 'cost', baton: { agent: 'eca' } });
    expect((commands.result as { commands: Array<{ name: string }> }).commands.map((command) => command.name)).toEqual(['costs']);

    // The built-in agent's menus are the relay's: the fake server's README.md is not in this workspace.
    const builtin = await client.call('chat/queryContext', { query: 'README', contexts: [], baton: { agent: 'builtin' } });
    expect(builtin.result).toEqual({ contexts: [] });
    // Naming no agent means the default one, which the command line made the ECA agent here.
    const unnamed = await client.call('chat/queryContext', { query: 'README', contexts: [] });
    expect(unnamed.result).toEqual({ contexts: [{ type: 'file', path: 'README.md' }] });
  });

  it("shows the ECA server's tool servers under its name once it runs, and Stop and Start reach that server", async () => {
    const { client, updates } = await connectTab();
    // Asking for the agent's menu starts it; its servers then reach every tab.
    await client.call('chat/queryCommands', { query: '', baton: { agent: 'eca' } });
    const ecaServer = (name: string, status: string) =>
      updates.find((update) => update.baton?.agent === 'eca' && update.name === name && update.status === status);
    await until(() => ecaServer('fake-mcp', 'running'), "the ECA server's MCP server");
    expect(ecaServer('ECA', 'running')?.type).toBe('native');
    // The built-in agent's own servers stay untagged.
    expect(updates.find((update) => update.name === 'ECA' && update.baton === undefined)?.status).toBe('running');

    client.send('mcp/stopServer', { name: 'fake-mcp', baton: { agent: 'eca' } }, null);
    await until(() => ecaServer('fake-mcp', 'stopped'), 'fake-mcp to stop');
    client.send('mcp/startServer', { name: 'fake-mcp', baton: { agent: 'eca' } }, null);
    await until(
      () => updates.filter((update) => update.baton?.agent === 'eca' && update.name === 'fake-mcp' && update.status === 'running')[1],
      'fake-mcp to start again',
    );
  });

  it("passes the composer's behaviour to the open thread's ECA server, whose answer reaches the tab", async () => {
    const { client, configs } = await connectTab();
    const created = await client.call('createThread', { agent: 'eca' });
    const threadId = (created.result as { threadId: string }).threadId;
    await client.call('openThread', { threadId });
    // Started by its menu; the behaviour is never a reason to start an agent.
    await client.call('chat/queryCommands', { chatId: threadId, query: '' });
    const ecaModel = () => configs.at(-1)?.baton?.agents?.find((agent) => agent.name === 'eca')?.defaultModel;
    await until(() => (ecaModel() === 'fake-large' ? true : undefined), 'the ECA server to name its model');

    client.send('chat/selectedBehaviorChanged', { behavior: 'plan' }, null);
    await until(() => (ecaModel() === 'fake-small' ? true : undefined), "the ECA server's model for 'plan'");
  });

  it("lists a started agent's servers to a tab that joins later", async () => {
    const first = await connectTab();
    await first.client.call('chat/queryCommands', { query: '', baton: { agent: 'eca' } });
    await until(
      () => first.updates.find((update) => update.baton?.agent === 'eca' && update.name === 'fake-mcp'),
      'the ECA server to report',
    );
    closeClient();

    const late = await connectTab();
    await until(
      () => late.updates.find((update) => update.baton?.agent === 'eca' && update.name === 'fake-mcp'),
      'the late tab to hear of fake-mcp',
    );
  });
});
