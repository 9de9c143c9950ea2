/**
 * The relay as an operating-system process, started as a user starts it (`bin/baton.mjs`): one
 * relay per data folder, children that end with the relay however it ends, and secrets that no
 * child can read from the relay's environment block. No browser: what is checked lives in /proc.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { waitForProcessExit } from '../server/agents/builtin/mcp/process-liveness';
import type { ModelScript, ScriptedBlock } from '../server/demo-model/scripted-reply';
import { startScriptedModelServer, type ScriptedModelServer } from '../server/demo-model/scripted-model-server';
import type { SequencedContentReceivedParams } from '../lib/protocol/thread-events';
import { connectRelayClient, isTurnFinished, type RelayClient } from './support/relay-client';
import { makeTempFolder, type RelayProcess, startRelayProcess } from './support/relay-process';

const TOKEN = 'process-safety-token-0123456789abcdef0123';
/** A bound, not a speed target: the machine may be busy. */
const GONE_WITHIN_MS = 15_000;

let workspace: Awaited<ReturnType<typeof makeTempFolder>>;
let dataDir: string;
let model: ScriptedModelServer | undefined;
const relays: RelayProcess[] = [];
const clients: RelayClient[] = [];

test.beforeEach(async () => {
  workspace = await makeTempFolder('process-safety');
  dataDir = path.join(workspace.path, '.baton');
  await mkdir(dataDir, { recursive: true });
});

test.afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await Promise.all(relays.splice(0).map((relay) => relay.stop()));
  await model?.close();
  model = undefined;
  await workspace.remove();
});

async function launch(): Promise<RelayProcess> {
  const relay = await startRelayProcess({ workspaceRoot: workspace.path, dataDir, modelBaseUrl: model?.url, token: TOKEN });
  relays.push(relay);
  return relay;
}

/** Calls the given tools, one round each, then says "All done." */
function toolRounds(...rounds: ScriptedBlock[][]): ModelScript {
  return (request) => {
    const round = request.messages.filter((message) => message.role === 'assistant').length;
    return { blocks: rounds[round] ?? [{ type: 'text', text: 'All done.' }] };
  };
}

/** A relay whose model runs one shell command, which config.json allows without asking. */
async function launchWithCommand(command: string): Promise<{ relay: RelayProcess; client: RelayClient; threadId: string }> {
  model = await startScriptedModelServer({ script: toolRounds([{ type: 'tool_use', name: 'shell_command', input: { command } }]) });
  await writeFile(
    path.join(dataDir, 'config.json'),
    JSON.stringify({ toolApproval: [{ tool: 'shell_command', decision: 'allow', when: { argument: 'command', equals: command } }] }),
  );
  const relay = await launch();
  const client = await connectRelayClient(relay);
  clients.push(client);
  const { threadId } = await client.rpc.request('createThread', null);
  await client.rpc.request('openThread', { threadId });
  await client.rpc.request('chat/prompt', { chatId: threadId, message: 'run it' });
  return { relay, client, threadId };
}

/** Pids of the processes whose command line is exactly these words. */
function processesRunning(...words: string[]): number[] {
  const wanted = `${words.join('\0')}\0`;
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8') === wanted;
      } catch {
        // Gone between the listing and the read.
        return false;
      }
    })
    .map(Number);
}

const isCommandRunning = (params: SequencedContentReceivedParams) => params.content.type === 'toolCallRunning';

test('a second relay on the same data folder refuses to start and names the first; once the first is killed, one starts', async () => {
  const first = await launch();
  const refused = await launch().then(
    () => 'started',
    (error: Error) => error.message,
  );
  expect(refused).toContain('relay exited with 1 before it was ready');
  expect(refused).toContain(`Another Baton relay (process ${first.relayPid}`);
  expect(refused).toContain(dataDir);

  await first.kill();
  const next = await launch();
  const lock = JSON.parse(readFileSync(path.join(dataDir, 'relay.lock'), 'utf8')) as { pid: number };
  expect(lock.pid).toBe(next.relayPid);
});

const endings: Array<{ how: string; end(relay: RelayProcess): void }> = [
  { how: 'the relay is killed (SIGKILL)', end: (relay) => process.kill(relay.relayPid, 'SIGKILL') },
  { how: 'its terminal hangs up (SIGHUP)', end: (relay) => process.kill(relay.launcherPid, 'SIGHUP') },
  { how: 'its launcher is killed (SIGKILL)', end: (relay) => process.kill(relay.launcherPid, 'SIGKILL') },
];

for (const { how, end } of endings) {
  test(`a shell command that prints nothing does not outlive the relay when ${how}`, async () => {
    const { relay, client } = await launchWithCommand('sleep 987654');
    await client.until(isCommandRunning);
    await expect.poll(() => processesRunning('sleep', '987654').length).toBe(1);
    const [sleeper] = processesRunning('sleep', '987654');

    end(relay);
    expect(await waitForProcessExit(sleeper!, GONE_WITHIN_MS)).toBe(true);
    expect(await waitForProcessExit(relay.relayPid, GONE_WITHIN_MS)).toBe(true);
    await relay.exit();
  });
}

test("the relay's environment block holds neither the API key nor the token, and the relay still uses both", async () => {
  // The command prints its parent's environment block, which is what any child could read.
  const { relay, client, threadId } = await launchWithCommand("tr '\\0' '\\n' < /proc/$PPID/environ");
  await client.until(isTurnFinished);

  const entries = (await client.rpc.request('getThreadEntries', { threadId })).entries;
  const call = entries.find((entry) => entry.type === 'toolCall');
  const printed = JSON.stringify(call);
  expect(printed).toContain('PATH=');
  expect(printed).not.toContain('test-key');
  expect(printed).not.toContain(TOKEN);

  const environ = readFileSync(`/proc/${relay.relayPid}/environ`, 'utf8');
  expect(environ).toContain('PATH=');
  expect(environ).not.toContain('test-key');
  expect(environ).not.toContain(TOKEN);
  // The key reached the model, and the token let this client in.
  expect(model?.apiKeys).toEqual(['test-key', 'test-key']);
  expect(client.socket.connected).toBe(true);
});
