/**
 * The team demo as `npm run team:demo` starts it: PostgreSQL, Redis, three relays and nginx, all
 * real processes. A tab through nginx runs the offline demo's turn to its end; stopping leaves no
 * process and no temporary folder behind. Missing programs are named with their apt-get line.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { connectRelayClient, isTurnFinished, type RelayClient } from '../../../../e2e/support/relay-client';
import { defaultPrograms, missingPrograms, startTeamDemo, type TeamDemo } from './team-demo';

let demo: TeamDemo | undefined;
let client: RelayClient | undefined;

afterAll(async () => {
  client?.close();
  await demo?.stop();
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it('runs a turn through nginx on a team of three relays, then stops every process it started', { timeout: 300_000 }, async () => {
  const lines: string[] = [];
  const { ANTHROPIC_API_KEY: _key, ANTHROPIC_BASE_URL: _base, ...env } = process.env;
  demo = await startTeamDemo({ env, log: (line) => lines.push(line) });
  expect(demo.relays.map((relay) => relay.id)).toEqual(['relay-a', 'relay-b', 'relay-c']);
  const nginx = new URL(demo.url);
  const token = new URLSearchParams(nginx.hash.slice(1)).get('token') ?? '';
  expect(demo.relays.every((relay) => new URL(relay.url).hash === `#token=${token}`)).toBe(true);

  client = await connectRelayClient({ origin: nginx.origin, token });
  const { threadId } = await client.rpc.request('createThread', null);
  await client.rpc.request('openThread', { threadId });
  await client.rpc.request('chat/prompt', { chatId: threadId, message: 'Show me what you can do' });
  // The demo's edit waits for approval; approved, the turn ends.
  const asks = (params: RelayClient['received'][number]) => params.content.type === 'toolCallRun' && params.content.manualApproval;
  await client.until(asks);
  const ask = client.received.find(asks)?.content;
  client.rpc.notify('chat/toolCallApprove', { chatId: threadId, toolCallId: ask?.type === 'toolCallRun' ? ask.id : '' });
  await client.until(isTurnFinished);
  expect(client.received.find(isTurnFinished)?.content).toMatchObject({ outcome: 'done' });
  expect(lines.some((line) => /^relay-[abc]: /.test(line))).toBe(true);

  client.close();
  const { pids, dataDir } = demo;
  expect(pids).toHaveLength(6);
  await demo.stop();
  demo = undefined;
  expect(pids.filter(alive)).toEqual([]);
  expect(existsSync(dataDir)).toBe(false);
});

it('names each missing program with the line that installs it, and starts nothing', async () => {
  const programs = { ...defaultPrograms(), redisServer: '/nowhere/redis-server', nginx: '/nowhere/nginx' };
  expect(missingPrograms(programs)).toEqual([
    '/nowhere/redis-server was not found: apt-get install -y redis-server',
    '/nowhere/nginx was not found: apt-get install -y nginx',
  ]);
  await expect(startTeamDemo({ programs: { ...programs, postgresBin: undefined } })).rejects.toThrow(
    /^The team demo cannot start:\n- PostgreSQL's programs were not found: install Debian's postgresql package \(apt-get install -y postgresql\).*\n- \/nowhere\/redis-server was not found: apt-get install -y redis-server\n- \/nowhere\/nginx was not found: apt-get install -y nginx$/,
  );
});

it('refuses a data folder that is a file, and starts nothing', async () => {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'baton-team-demo-test-'));
  const file = path.join(folder, 'notes.txt');
  await writeFile(file, 'kept as it was');
  try {
    await expect(startTeamDemo({ dataDir: file })).rejects.toThrow(
      `--data ${file} is a file, not a folder: name a folder (it is made if missing)`,
    );
    expect(await readFile(file, 'utf8')).toBe('kept as it was');
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
