/**
 * What the relay says once at start about the sandbox: where it holds, and why it does not, in
 * the relay's log (stderr, for `baton`), whatever the reason; the relay starts either way.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestRelay, type TestRelay } from './testing/relay-support';

let relay: TestRelay | undefined;
let dataParent: string | undefined;

afterEach(async () => {
  await relay?.close();
  relay = undefined;
  if (dataParent) await rm(dataParent, { recursive: true, force: true });
  dataParent = undefined;
});

async function start(env: Record<string, string>, config?: unknown): Promise<string[]> {
  dataParent = await mkdtemp(path.join(os.tmpdir(), 'baton-relay-sandbox-'));
  const dataDir = path.join(dataParent, 'data');
  await mkdir(dataDir);
  if (config !== undefined) await writeFile(path.join(dataDir, 'config.json'), JSON.stringify(config));
  relay = await startTestRelay({ dataDir, env: { NODE_ENV: 'test', PATH: process.env.PATH ?? '', HOME: dataParent, ...env } });
  return relay.logs.filter((line) => line.startsWith('commands run'));
}

describe('the sandbox at start', () => {
  it('says commands run in bubblewrap, without the network', async () => {
    expect(await start({})).toEqual([
      expect.stringMatching(/^commands run in a bubblewrap sandbox \(\/\S+\/bwrap\), without the network$/),
    ]);
  });

  it('says what else runs in it and whether the network is allowed, from config.json', async () => {
    const lines = await start({}, { sandbox: { network: true, mcpServers: true, agents: true } });
    expect(lines).toEqual([expect.stringMatching(/, with the network; so do MCP servers and agent processes$/)]);
  });

  it('says once that commands run without it when bubblewrap is missing, and starts', async () => {
    expect(await start({ BATON_BWRAP_PATH: '/nonexistent/bwrap' })).toEqual(['commands run without a sandbox: bubblewrap missing']);
    expect(relay?.relay.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  });

  it('says so when config.json turns it off', async () => {
    expect(await start({}, { sandbox: { enabled: false } })).toEqual(['commands run without a sandbox: turned off by config']);
  });
});
