/**
 * MCP servers from `<data-dir>/config.json` reach an editor as ECA describes them
 * (specs/eca-protocol-v2.md, "Tool updated", "Stop MCP server", "Start MCP server"), with the
 * published everything server from node_modules and one that cannot start. The ECA server runs in
 * this process on in-memory pipes, with the offline demo model.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../relay/project-root';
import { makeTestFolders, startEcaServerInProcess, type InProcessServer, type TestFolders } from './testing/eca-server-support';

const EVERYTHING_ENTRY = path.join(PROJECT_ROOT, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');

let folders: TestFolders;
let running: InProcessServer | undefined;

beforeEach(async () => {
  folders = await makeTestFolders();
  await mkdir(folders.dataDir, { recursive: true });
  await writeFile(
    path.join(folders.dataDir, 'config.json'),
    JSON.stringify({
      mcpServers: {
        everything: { command: process.execPath, args: [EVERYTHING_ENTRY] },
        broken: { command: process.execPath, args: ['-e', 'process.exit(3)'] },
      },
    }),
  );
});

afterEach(async () => {
  await running?.server.stop();
  await folders.remove();
});

type ServerUpdate = { type: string; name: string; status: string; tools?: { name: string }[] };
const isServer = (name: string, status: string) => (params: unknown) =>
  (params as ServerUpdate).name === name && (params as ServerUpdate).status === status;

describe('the ECA server with MCP servers', () => {
  it("announces each server as it starts, stops and starts again at the editor's request", async () => {
    running = startEcaServerInProcess({ workspaceRoot: folders.workspace, dataDir: folders.dataDir, env: {} });
    const { editor } = running;
    await editor.start(folders.workspace);

    const runningServer = (await editor.notification('tool/serverUpdated', isServer('everything', 'running'))) as ServerUpdate;
    expect(runningServer).toMatchObject({ type: 'mcp', command: process.execPath, args: [EVERYTHING_ENTRY] });
    expect(runningServer.tools?.map((tool) => tool.name)).toContain('echo');
    const methods = editor.notifications.map((item) => item.method);
    expect(methods.indexOf('config/updated')).toBeLessThan(methods.indexOf('tool/serverUpdated'));

    editor.connection.notify('mcp/stopServer', { name: 'everything' });
    await editor.notification('tool/serverUpdated', isServer('everything', 'stopped'));
    const before = editor.notifications.length;
    editor.connection.notify('mcp/startServer', { name: 'everything' });
    await editor.notification('tool/serverUpdated', isServer('everything', 'starting'), before);
    await editor.notification('tool/serverUpdated', isServer('everything', 'running'), before);
  });

  it('says why a server failed in a $/showMessage, not in a field v2 lacks', async () => {
    running = startEcaServerInProcess({ workspaceRoot: folders.workspace, dataDir: folders.dataDir, env: {} });
    const { editor } = running;
    await editor.start(folders.workspace);

    const failed = await editor.notification('tool/serverUpdated', isServer('broken', 'failed'));
    expect(failed).not.toHaveProperty('error');
    expect(await editor.notification('$/showMessage')).toMatchObject({
      type: 'error',
      message: expect.stringContaining('The MCP server broken failed'),
    });
  });

  it('offers the MCP tools and prompts the agent has', async () => {
    running = startEcaServerInProcess({ workspaceRoot: folders.workspace, dataDir: folders.dataDir, env: {} });
    const { editor } = running;
    await editor.start(folders.workspace);
    await editor.notification('tool/serverUpdated', isServer('everything', 'running'));

    const { commands } = await editor.connection.request('chat/queryCommands', { query: '' });
    expect(commands.some((command) => command.type === 'mcp-prompt')).toBe(true);
  });
});
