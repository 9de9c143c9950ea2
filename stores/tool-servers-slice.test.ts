import { describe, expect, it } from 'vitest';
import { activeAgentServers } from './active-agent';
import { createBatonStore } from './baton-store';
import { FakeBatonRpc } from './testing/fake-baton-rpc';
import { toolServerError, type ToolServer } from './tool-servers-slice';

const tool = { name: 'read', description: 'Reads', parameters: {} };
const native: ToolServer = { type: 'native', name: 'ECA', status: 'running', tools: [tool, tool] };
const everything = (status: 'starting' | 'running' | 'failed', extra: Partial<ToolServer> = {}): ToolServer =>
  ({ type: 'mcp', name: 'everything', command: 'npx', args: ['server-everything'], status, tools: [tool], ...extra }) as ToolServer;

describe('tool servers', () => {
  it('lists the built-in tools first, then MCP servers by name, each as last reported', () => {
    const store = createBatonStore(new FakeBatonRpc());
    const filesystem: ToolServer = { ...everything('running'), name: 'filesystem' } as ToolServer;
    for (const server of [filesystem, everything('starting'), native, everything('running')]) {
      store.getState().receiveToolServer(server);
    }
    expect(store.getState().toolServers.map((server) => `${server.name}:${server.status}`)).toEqual([
      'ECA:running',
      'everything:running',
      'filesystem:running',
    ]);
  });

  it("keeps each agent's servers apart, though they share a name", () => {
    const store = createBatonStore(new FakeBatonRpc());
    const ecaNative: ToolServer = { ...native, tools: [], baton: { agent: 'eca' } };
    for (const server of [ecaNative, native, everything('running', { baton: { agent: 'eca' } }), everything('starting')]) {
      store.getState().receiveToolServer(server);
    }
    expect(store.getState().toolServers.map((server) => `${server.baton?.agent ?? 'builtin'}/${server.name}:${server.status}`)).toEqual([
      'builtin/ECA:running',
      'builtin/everything:starting',
      'eca/ECA:running',
      'eca/everything:running',
    ]);
    expect(activeAgentServers(store.getState().toolServers, 'eca').map((server) => server.name)).toEqual(['ECA', 'everything']);
    expect(activeAgentServers(store.getState().toolServers, null)).toHaveLength(2);
  });

  it('keeps why a server failed when the relay says', () => {
    expect(toolServerError(everything('failed', { error: 'spawn npx ENOENT' }))).toBe('spawn npx ENOENT');
    expect(toolServerError(everything('failed'))).toBeNull();
    expect(toolServerError(everything('running', { error: 'stale' }))).toBeNull();
  });

  it('asks the relay to stop and start a server, and waits for its report', () => {
    const rpc = new FakeBatonRpc();
    const store = createBatonStore(rpc);
    store.getState().receiveToolServer(everything('running'));

    store.getState().stopToolServer(everything('running'));
    store.getState().startToolServer(everything('running', { baton: { agent: 'eca' } }));

    expect(rpc.notifications).toEqual([
      { method: 'mcp/stopServer', params: { name: 'everything' } },
      { method: 'mcp/startServer', params: { name: 'everything', baton: { agent: 'eca' } } },
    ]);
    expect(store.getState().toolServers[0]?.status).toBe('running');
  });

  it('says so when a stop could not be sent', () => {
    const rpc = new FakeBatonRpc();
    rpc.notify = () => {
      throw new Error('Not connected to the relay (mcp/stopServer was not sent).');
    };
    const store = createBatonStore(rpc);
    store.getState().stopToolServer(everything('running'));
    expect(store.getState().toolServersError).toMatch(/Not connected/);
  });
});
