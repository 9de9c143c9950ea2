import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createBatonStore, type ToolServer } from '../../stores/baton-store';
import { FakeBatonRpc } from '../../stores/testing/fake-baton-rpc';
import { BatonStoreContext } from '../baton-client/baton-store-context';
import { ToolServerItem } from './tool-server-item';

const tool = { name: 'echo', description: 'Echoes', parameters: {} };

function render(server: ToolServer): string {
  const store = createBatonStore(new FakeBatonRpc());
  return renderToStaticMarkup(
    <BatonStoreContext.Provider value={store}>
      <ToolServerItem server={server} />
    </BatonStoreContext.Provider>,
  );
}

describe('ToolServerItem', () => {
  it('offers Stop for a running MCP server and counts its tools', () => {
    const html = render({
      type: 'mcp',
      name: 'everything',
      command: 'npx',
      args: ['server-everything'],
      status: 'running',
      tools: [tool, tool],
    });
    expect(html).toContain('data-status="running"');
    expect(html).toContain('2 tools');
    expect(html).toContain('data-testid="stop-server"');
    expect(html).not.toContain('data-testid="start-server"');
  });

  it('offers Start for a failed server and says why it failed', () => {
    const html = render({ type: 'mcp', name: 'broken', command: 'nope', args: [], status: 'failed', error: 'spawn nope ENOENT' });
    expect(html).toContain('data-status="failed"');
    expect(html).toContain('spawn nope ENOENT');
    expect(html).toContain('data-testid="start-server"');
  });

  it('offers neither for the built-in tools or a server disabled in the configuration', () => {
    for (const server of [
      { type: 'native', name: 'ECA', status: 'running', tools: [tool] },
      { type: 'mcp', name: 'off', command: 'x', args: [], status: 'disabled' },
    ] as ToolServer[]) {
      const html = render(server);
      expect(html).not.toMatch(/data-testid="(stop|start)-server"/);
    }
  });
});
