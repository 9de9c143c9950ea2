/**
 * The agents' SDKs wait until something needs them (issue 10: the relay's memory when idle): the
 * Anthropic SDK until the first model request, the MCP SDK until an MCP server starts, the ACP SDK
 * until an ACP agent starts; the PostgreSQL driver until a PostgreSQL database is opened; Web Push
 * until something is pushed or the relay's push key is asked for. A
 * static import of any of them anywhere on the start-up path would load it with the relay; this
 * catches one.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from './project-root';

function packagesLoadedAtStart(): Promise<string[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/relay/testing/start-up-packages-child.ts'], {
    cwd: PROJECT_ROOT,
    env: { NODE_ENV: 'test', PATH: process.env.PATH, HOME: process.env.HOME },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let errors = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve(JSON.parse(output) as string[]);
      else reject(new Error(`the fixture exited with ${code}: ${errors}`));
    });
  });
}

describe('a relay just started', () => {
  it('has loaded socket.io and the SQLite store, and none of the agents’ SDKs nor the PostgreSQL driver', async () => {
    const loaded = await packagesLoadedAtStart();
    // Seen loaded: the hook works, and the relay really started.
    expect(loaded).toContain('socket.io');
    expect(loaded).toContain('@prisma/adapter-better-sqlite3');
    expect(loaded).not.toContain('@anthropic-ai/sdk');
    expect(loaded).not.toContain('@modelcontextprotocol/sdk');
    expect(loaded).not.toContain('@agentclientprotocol/sdk');
    expect(loaded).not.toContain('@prisma/adapter-pg');
    expect(loaded).not.toContain('pg');
    // A team's parts wait for `--redis`.
    expect(loaded).not.toContain('ioredis');
    expect(loaded).not.toContain('@socket.io/redis-adapter');
    // Web Push waits for a browser to subscribe.
    expect(loaded).not.toContain('web-push');
  });
});
