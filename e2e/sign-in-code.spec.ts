/**
 * No secret on a command line: `baton --open` hands the opener (a stand-in on PATH that records
 * its arguments and environment, which every local user could read from /proc) an address with a
 * one-time sign-in code, never the token; the code works once, and only for its lifetime; the
 * page it opens is signed in. An agent the relay starts is given neither BATON_TOKEN nor the
 * token under another name, even when the relay was started with it.
 */
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SIGN_IN_CODE_EXPIRED_MESSAGE, SIGN_IN_CODE_UNKNOWN_MESSAGE } from '../lib/protocol/sign-in-code';
import { type ExtraRelayOptions, expect, type RelayProcess, test, type Workspace } from './fixtures/baton-test';
import { BatonPage } from './support/baton-page';
import { fakeAgentEntry, writeRelayConfig } from './support/fake-agents';
import { isTurnFinished } from './support/relay-client';

const TOKEN = 'sign-in-code-test-token-0123456789abcdef';

// No API key, as before a user has set one: no model is started for these relays.
test.use({ relayOptions: { offlineDemo: true } });

interface Opener {
  bin: string;
  opened(): Promise<{ argv: string[]; env: string }>;
}

/** A stand-in `xdg-open` that records its arguments (one a line) and its environment (`env`). */
async function recordingOpener(workspace: Workspace): Promise<Opener> {
  const bin = path.join(workspace.path, 'bin');
  const record = path.join(workspace.path, 'opener');
  await mkdir(bin);
  // The environment first: the arguments' file appearing says both are written.
  await writeFile(
    path.join(bin, 'xdg-open'),
    `#!/bin/sh\nenv > '${record}.env'\nprintf '%s\\n' "$@" > '${record}.tmp'\nmv '${record}.tmp' '${record}.argv'\n`,
  );
  await chmod(path.join(bin, 'xdg-open'), 0o755);
  return {
    bin,
    async opened() {
      await expect.poll(() => readFile(`${record}.argv`, 'utf8').catch(() => '')).not.toBe('');
      const argv = (await readFile(`${record}.argv`, 'utf8')).split('\n').filter(Boolean);
      return { argv, env: await readFile(`${record}.env`, 'utf8') };
    },
  };
}

/** Starts relays with `--open` and this opener, each on a data folder of its own. */
function openingRelays(workspace: Workspace, startRelay: (options: ExtraRelayOptions) => Promise<RelayProcess>, opener: Opener) {
  let started = 0;
  return (extra: ExtraRelayOptions = {}) =>
    startRelay({ dataDir: path.join(workspace.path, `data-${started++}`), args: ['--open'], pathPrefix: opener.bin, ...extra });
}

/** The exchange the page makes, from the relay's own origin. */
async function exchange(relay: RelayProcess, code: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${relay.origin}/sign-in-code`, {
    method: 'POST',
    headers: { origin: relay.origin, 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  return { status: response.status, body: await response.json() };
}

function codeOf(address: string): string {
  return new URLSearchParams(new URL(address).hash.slice(1)).get('code') ?? '';
}

test('--open gives the opener a one-time code, not the token, in its arguments and environment; the code works once', async ({
  workspace,
  startRelay,
}) => {
  const opener = await recordingOpener(workspace);
  const relay = await openingRelays(workspace, startRelay, opener)({ token: TOKEN });
  const { argv, env } = await opener.opened();

  expect(argv).toHaveLength(1);
  expect(argv[0]).toMatch(new RegExp(`^${relay.origin}/#code=[A-Za-z0-9_-]{43}$`));
  expect(argv.join('\n')).not.toContain(TOKEN);
  expect(env).not.toContain(TOKEN);
  expect(env).not.toMatch(/^BATON_TOKEN=/m);
  // The ready line, the user's own, is as it was.
  expect(relay.url).toBe(`${relay.origin}/#token=${TOKEN}`);

  const code = codeOf(argv[0]!);
  expect(await exchange(relay, code)).toEqual({ status: 200, body: { token: TOKEN } });
  expect(await exchange(relay, code)).toEqual({ status: 401, body: { error: SIGN_IN_CODE_UNKNOWN_MESSAGE } });
  expect(relay.stderr()).toContain('baton: a sign-in code from --open was exchanged for the token\n');
});

test('a code past its lifetime (BATON_SIGN_IN_CODE_SECONDS) is refused; a bad lifetime is refused at start', async ({
  workspace,
  startRelay,
}) => {
  const opener = await recordingOpener(workspace);
  const launchWithOpen = openingRelays(workspace, startRelay, opener);
  const relay = await launchWithOpen({ env: { BATON_SIGN_IN_CODE_SECONDS: '0' } });
  const { argv } = await opener.opened();
  expect(await exchange(relay, codeOf(argv[0]!))).toEqual({ status: 401, body: { error: SIGN_IN_CODE_EXPIRED_MESSAGE } });

  const refused = await launchWithOpen({ env: { BATON_SIGN_IN_CODE_SECONDS: 'soon' } }).then(
    () => 'started',
    (error: unknown) => (error as Error).message,
  );
  expect(refused).toContain('baton: BATON_SIGN_IN_CODE_SECONDS takes whole seconds from 0 to 600 (not "soon").\n');
});

test('the address --open hands the browser signs the page in; used again, it says so', async ({ page, browser, workspace, startRelay }) => {
  const opener = await recordingOpener(workspace);
  const relay = await openingRelays(workspace, startRelay, opener)();
  const { argv } = await opener.opened();
  const baton = new BatonPage(page);

  await baton.open(argv[0]!);
  expect(page.url()).toBe(`${relay.origin}/`);
  // Kept in the origin's storage, as a token from the printed URL is: a reload needs nothing more.
  await page.reload();
  await baton.expectConnected();

  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto(argv[0]!);
  await expect(otherPage.getByTestId('connection-notice')).toHaveText(SIGN_IN_CODE_UNKNOWN_MESSAGE);
  await expect(otherPage.getByTestId('connection-status')).not.toHaveAttribute('data-state', 'connected');
  await other.close();
});

test("an agent the relay starts gets neither BATON_TOKEN nor the token's value, even when the relay was started with it", async ({
  workspace,
  startRelay,
  connect,
}) => {
  const record = path.join(workspace.path, 'agent');
  const wrapper = path.join(workspace.path, 'record-and-run');
  await writeFile(wrapper, `#!/bin/sh\nenv > '${record}.env'\nprintf '%s\\n' "$0" "$@" > '${record}.argv'\nexec "$@"\n`);
  await chmod(wrapper, 0o755);
  const fake = fakeAgentEntry('acp', 'server/agents/acp/testing/fake-acp-agent.ts');
  const dataDir = path.join(workspace.path, 'data');
  // The token copied into the config by hand, under a name of its own.
  await writeRelayConfig(dataDir, {
    agents: { recorder: { kind: 'acp', command: wrapper, args: [fake.command, ...fake.args], env: { COPIED: TOKEN } } },
  });
  const relay = await startRelay({ dataDir, token: TOKEN });

  const client = await connect(relay);
  const { threadId } = await client.rpc.request('createThread', { agent: 'recorder' });
  await client.rpc.request('openThread', { threadId });
  await client.rpc.request('chat/prompt', { chatId: threadId, message: 'hello' });
  await client.until(isTurnFinished);

  const env = await readFile(`${record}.env`, 'utf8');
  expect(env).toMatch(/^PATH=/m);
  expect(env).not.toMatch(/^(BATON_TOKEN|COPIED)=/m);
  expect(env).not.toContain(TOKEN);
  expect(await readFile(`${record}.argv`, 'utf8')).not.toContain(TOKEN);
  expect(relay.stderr()).toContain("recorder: COPIED is left out of its environment: it holds the relay's token");

  // Naming the relay's secret for an agent is refused before anything starts.
  await relay.stop();
  await writeRelayConfig(dataDir, { agents: { recorder: { kind: 'acp', command: wrapper, passEnv: ['BATON_TOKEN'] } } });
  const refused = await startRelay({ dataDir, token: TOKEN }).then(
    () => 'started',
    (error: unknown) => (error as Error).message,
  );
  expect(refused).toContain("BATON_TOKEN is the relay's own secret, which nothing the relay starts is given");
});
