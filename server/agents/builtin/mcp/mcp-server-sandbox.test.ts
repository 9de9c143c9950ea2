import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CommandSandbox } from '../../../process/command-sandbox';
import { SandboxConfigSchema } from '../../../process/sandbox-config';
import { createSandboxPlace, SECRETS, type SandboxPlace } from '../../../process/testing/sandbox-support';
import { McpServerManager } from './mcp-server-manager';
import { FILESYSTEM_BIN, recordUpdates } from './testing/mcp-support';

let place: SandboxPlace;
let elsewhere: string;
let manager: McpServerManager | undefined;

beforeEach(async () => {
  place = await createSandboxPlace();
  elsewhere = await mkdtemp('/var/tmp/baton-mcp-elsewhere-');
});

afterEach(async () => {
  await manager?.close();
  manager = undefined;
  await place.remove();
  await rm(elsewhere, { recursive: true, force: true });
});

/** The filesystem server from npm, allowed the workspace, a folder elsewhere and ~/.ssh (as a careless config might). */
async function startFilesServer(config: { mcpServers: boolean }) {
  const env = { PATH: process.env.PATH, HOME: place.home };
  const sandbox = await CommandSandbox.start({
    config: SandboxConfigSchema.parse(config),
    workspaceRoot: place.workspaceRoot,
    dataDir: place.dataDir,
    env,
  });
  manager = new McpServerManager({
    servers: { files: { command: FILESYSTEM_BIN, args: [place.workspaceRoot, elsewhere, path.join(place.home, '.ssh')] } },
    cwd: place.workspaceRoot,
    inheritedEnv: env,
    sandbox,
  });
  const updates = recordUpdates(manager);
  await manager.start();
  expect(updates.statusOf('files')).toBe('running');
  const started = manager;
  return {
    read: (file: string) => started.callTool('files__read_text_file', { path: file }),
    write: (file: string) => started.callTool('files__write_file', { path: file, content: 'written by the server' }),
  };
}

describe('an MCP stdio server', () => {
  it('runs in the sandbox when config.json says sandbox.mcpServers: it writes the workspace, and nothing else, and sees no keys', async () => {
    const files = await startFilesServer({ mcpServers: true });
    expect(await files.write(path.join(place.workspaceRoot, 'from-server.txt'))).toMatchObject({ isError: false });
    expect(await readFile(path.join(place.workspaceRoot, 'from-server.txt'), 'utf8')).toBe('written by the server');

    const outside = await files.write(path.join(elsewhere, 'from-server.txt'));
    expect(outside).toMatchObject({ isError: true, text: expect.stringContaining('read-only file system') });
    expect(existsSync(path.join(elsewhere, 'from-server.txt'))).toBe(false);

    const key = await files.read(path.join(place.home, '.ssh', 'id_ed25519'));
    expect(key.isError).toBe(true);
    expect(key.text).not.toContain(SECRETS.key);
  });

  it('runs as it is by default, where it reads what its config allows', async () => {
    const files = await startFilesServer({ mcpServers: false });
    expect(await files.read(path.join(place.home, '.ssh', 'id_ed25519'))).toMatchObject({ isError: false, text: SECRETS.key });
  });
});
