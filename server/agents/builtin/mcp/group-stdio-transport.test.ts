/** An MCP server whose command line would hold the relay's token is not started: every local user could read it. */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { holdRelaySecret } from '../../../process/relay-secrets';
import { GroupStdioTransport } from './group-stdio-transport';
import { loadMcpSdk } from './mcp-sdk';

const TOKEN = 'group-stdio-test-token-0123456789abcdef';
let root: string;
let release: () => void;

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'baton-group-stdio-'));
  release = holdRelaySecret(TOKEN);
});

afterEach(async () => {
  release();
  await rm(root, { recursive: true, force: true });
});

describe('GroupStdioTransport', () => {
  it("refuses a command line holding the relay's token, and runs nothing", async () => {
    const marker = path.join(root, 'ran');
    const transport = new GroupStdioTransport(
      { command: 'touch', args: [marker, TOKEN], env: { PATH: process.env.PATH ?? '' }, cwd: root, graceMs: 100 },
      await loadMcpSdk(),
    );
    await expect(transport.start()).rejects.toThrow(
      "not started: its command line holds the relay's token, which every local user could read while it runs; take it out of config.json",
    );
    expect(await readdir(root)).toEqual([]);
  });
});
