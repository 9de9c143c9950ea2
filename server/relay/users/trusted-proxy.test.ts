/**
 * Sign-in behind a team's OIDC proxy: the header that names the user is believed only when the
 * config names it; then a configured user comes in with its role, and anyone else is refused with
 * who they are. A token written in plain text in the config stops the relay with what to do instead.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterEach, expect, it } from 'vitest';
import { ROLE_ERROR_CODE } from '../../../lib/protocol/roles';
import { connectScriptClient } from '../script-client';
import { UNAUTHORIZED_MESSAGE } from '../socket-server';
import { rpcClient, startTestRelay, type TestRelay, whenConnected } from '../testing/relay-support';

const cleanups: Array<() => Promise<unknown> | void> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function relayWithConfig(config: object): Promise<TestRelay> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'baton-proxy-test-'));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  const dataDir = path.join(folder, '.baton');
  await mkdir(dataDir);
  await writeFile(path.join(dataDir, 'config.json'), JSON.stringify(config));
  const test = await startTestRelay({ dataDir });
  cleanups.push(() => test.close());
  return test;
}

function connectThroughProxy(test: TestRelay, headers: Record<string, string>): Socket {
  const socket = connectScriptClient(test.origin, undefined, { extraHeaders: headers });
  cleanups.push(() => void socket.disconnect());
  return socket;
}

it('ignores the proxy header when the config trusts no proxy', async () => {
  const test = await relayWithConfig({ users: [{ name: 'vera@example.com', role: 'operator' }] });
  const socket = connectThroughProxy(test, { 'X-Forwarded-User': 'vera@example.com', 'X-Forwarded-Email': 'vera@example.com' });
  expect(await whenConnected(socket)).toEqual({ connected: false, error: UNAUTHORIZED_MESSAGE });
});

it('lets in a configured user the trusted header names, with its role, and refuses anyone else by name', async () => {
  const test = await relayWithConfig({
    users: [{ name: 'vera@example.com', role: 'viewer' }],
    trustedProxy: { userHeader: 'X-Forwarded-User', emailHeader: 'X-Forwarded-Email' },
  });
  const vera = connectThroughProxy(test, { 'X-Forwarded-Email': 'vera@example.com' });
  expect(await whenConnected(vera)).toEqual({ connected: true });
  expect((await rpcClient(vera).call('chat/prompt', { message: 'hello' })).error).toEqual({
    code: ROLE_ERROR_CODE,
    message:
      'chat/prompt is not allowed from "vera@example.com": the viewer role may only read threads and follow the inbox, not send a prompt.',
  });
  const stranger = connectThroughProxy(test, { 'X-Forwarded-User': 'mallory' });
  expect(await whenConnected(stranger)).toEqual({ connected: false, error: 'unauthorized: "mallory" is not a user of this relay' });
});

it('refuses to start with a token written in plain text in the config, saying what to write instead', async () => {
  await expect(relayWithConfig({ users: [{ name: 'otto', role: 'operator', token: 'secret' }] })).rejects.toThrow(
    /a token is never written in the config file: give its tokenHash \(`baton user add` prints one\) or a tokenFile/,
  );
});
