/**
 * The relay as an operating-system process, started as a user starts it (`bin/baton.mjs`): one
 * relay per data folder, children that end with the relay however it ends, and secrets that no
 * child can read from the relay's environment block. No browser: what is checked lives in /proc.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { waitForProcessExit } from '../server/agents/builtin/mcp/process-liveness';
import type { ModelScript, ScriptedBlock } from '../server/demo-model/scripted-reply';
import type { SequencedContentReceivedParams } from '../lib/protocol/thread-events';
import { expect, type RelayProcess, test as baton } from './fixtures/baton-test';
import { isTurnFinished, type RelayClient } from './support/relay-client';

const TOKEN = 'process-safety-token-0123456789abcdef0123';
/** A bound, not a speed target: the machine may be busy. */
const GONE_WITHIN_MS = 15_000;

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

/** A `sleep` of a test's own: its duration is found on no other test's command line. */
interface Sleeper {
  command: string;
  /** The pids running it now. */
  running(): number[];
}

let sleepersMade = 0;

const test = baton.extend<{ sleeper: Sleeper }>({
  sleeper: async ({}, use) => {
    // This worker's pid makes the duration unique among workers running at once, the count within it.
    const seconds = String(process.pid * 1000 + ++sleepersMade);
    const running = () => processesRunning('sleep', seconds);
    try {
      await use({ command: `sleep ${seconds}`, running });
    } finally {
      // A test that failed before the relay's watcher acted leaves no sleeper to the next.
      for (const pid of running()) process.kill(pid, 'SIGKILL');
    }
  },
});

test.use({ relayOptions: { token: TOKEN } });

/** Calls the given tools, one round each, then says "All done." */
function toolRounds(...rounds: ScriptedBlock[][]): ModelScript {
  return (request) => {
    const round = request.messages.filter((message) => message.role === 'assistant').length;
    return { blocks: rounds[round] ?? [{ type: 'text', text: 'All done.' }] };
  };
}

/** Makes the model run one shell command, which config.json allows without asking. */
const runCommand = (command: string) => ({
  modelOptions: { script: toolRounds([{ type: 'tool_use', name: 'shell_command', input: { command } }]) },
  workspaceOptions: {
    config: { toolApproval: [{ tool: 'shell_command', decision: 'allow', when: { argument: 'command', equals: command } }] },
  },
});

/** Asks the relay for a turn, in a new thread; gives back its id. */
async function prompt(client: RelayClient): Promise<string> {
  const { threadId } = await client.rpc.request('createThread', null);
  await client.rpc.request('openThread', { threadId });
  await client.rpc.request('chat/prompt', { chatId: threadId, message: 'run it' });
  return threadId;
}

const isCommandRunning = (params: SequencedContentReceivedParams) => params.content.type === 'toolCallRunning';

test('a second relay on the same data folder refuses to start and names the first; once the first is killed, one starts', async ({
  startRelay,
  workspace,
}) => {
  const first = await startRelay();
  const refused = await startRelay().then(
    () => 'started',
    (error: Error) => error.message,
  );
  expect(refused).toContain('relay exited with 1 before it was ready');
  expect(refused).toContain(`Another Baton relay (process ${first.relayPid}`);
  expect(refused).toContain(workspace.dataDir);

  await first.kill();
  const next = await startRelay();
  const lock = JSON.parse(readFileSync(path.join(workspace.dataDir, 'relay.lock'), 'utf8')) as { pid: number };
  expect(lock.pid).toBe(next.relayPid);
});

const endings: Array<{ how: string; end(relay: RelayProcess): void }> = [
  { how: 'the relay is killed (SIGKILL)', end: (relay) => process.kill(relay.relayPid, 'SIGKILL') },
  { how: 'its terminal hangs up (SIGHUP)', end: (relay) => process.kill(relay.launcherPid, 'SIGHUP') },
  { how: 'its launcher is killed (SIGKILL)', end: (relay) => process.kill(relay.launcherPid, 'SIGKILL') },
];

for (const { how, end } of endings) {
  test.describe(() => {
    // The command is the test's own sleeper, known only once the test's fixtures are made.
    test.use({
      modelOptions: async ({ sleeper }, use) => use(runCommand(sleeper.command).modelOptions),
      workspaceOptions: async ({ sleeper }, use) => use(runCommand(sleeper.command).workspaceOptions),
    });

    test(`a shell command that prints nothing does not outlive the relay when ${how}`, async ({ relay, connect, sleeper }) => {
      const client = await connect(relay);
      await prompt(client);
      await client.until(isCommandRunning);
      await expect.poll(() => sleeper.running().length).toBe(1);
      const [pid] = sleeper.running();

      end(relay);
      expect(await waitForProcessExit(pid!, GONE_WITHIN_MS)).toBe(true);
      expect(await waitForProcessExit(relay.relayPid, GONE_WITHIN_MS)).toBe(true);
      await relay.exit();
    });
  });
}

test.describe(() => {
  // The command prints its parent's environment block, which is what any child could read.
  test.use(runCommand("tr '\\0' '\\n' < /proc/$PPID/environ"));

  test("the relay's environment block holds neither the API key nor the token, and the relay still uses both", async ({
    relay,
    model,
    connect,
  }) => {
    const client = await connect(relay);
    const threadId = await prompt(client);
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
    expect(model.apiKeys).toEqual(['test-key', 'test-key']);
    expect(client.socket.connected).toBe(true);
  });
});
