/**
 * Users read again on a running relay (live-users.ts), against a real relay on loopback: a user
 * `baton user add` adds signs in at once; removing a user or changing a role ends those sockets
 * (without anyone signing in), the others go on, and the token is then judged as the file says; a
 * config file with a mistake changes nothing and the log says where it is.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { connectRelayClient, type RelayClient } from '../../../e2e/support/relay-client';
import { UNAUTHORIZED_MESSAGE } from '../../../lib/protocol/baton-protocol';
import { startTestRelay, type TestRelay } from '../testing/relay-support';
import { addUser } from './user-command';
import { tokenHash } from './users-config';

const TOKENS = { vera: 'viewer-token-0123456789', april: 'approver-token-0123456789', otto: 'operator-token-0123456789' };
const USERS = {
  vera: { name: 'vera', role: 'viewer', tokenHash: tokenHash(TOKENS.vera) },
  april: { name: 'april', role: 'approver', tokenHash: tokenHash(TOKENS.april) },
  otto: { name: 'otto', role: 'operator', tokenHash: tokenHash(TOKENS.otto) },
};

let folder: string;
let configFile: string;
let test: TestRelay;
const clients: RelayClient[] = [];

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'baton-live-users-'));
  const dataDir = path.join(folder, '.baton');
  await mkdir(dataDir);
  configFile = path.join(dataDir, 'config.json');
  await writeFile(configFile, JSON.stringify({ users: [USERS.vera, USERS.april, USERS.otto] }));
  test = await startTestRelay({ dataDir });
});

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await test.close();
  await rm(folder, { recursive: true, force: true });
});

async function connect(token: string): Promise<RelayClient> {
  // As the page presents it, in the handshake's `auth`: a refusal then comes back in its words.
  const client = await connectRelayClient({ origin: test.origin, token, asPage: true });
  clients.push(client);
  return client;
}

async function actorOf(client: RelayClient) {
  return (await client.rpc.request('initialize', { processId: null, capabilities: {}, workspaceFolders: [] })).actor;
}

const disconnected = (client: RelayClient) => new Promise<string>((resolve) => client.socket.once('disconnect', resolve));

it('lets a user `baton user add` adds sign in at once, with its role', async () => {
  const token = await addUser(configFile, 'nina', 'approver');
  expect(await actorOf(await connect(token))).toEqual({ kind: 'user', name: 'nina', role: 'approver' });
});

it("ends a removed user's sockets and those of a changed role, keeps the others, and judges each token as the file now says", async () => {
  const vera = await connect(TOKENS.vera);
  const april = await connect(TOKENS.april);
  const otto = await connect(TOKENS.otto);
  const veraGone = disconnected(vera);
  const aprilGone = disconnected(april);

  // No one signs in: the relay's own check finds the change.
  await writeFile(configFile, JSON.stringify({ users: [{ ...USERS.april, role: 'operator' }, USERS.otto] }));
  expect(await veraGone).toBe('io server disconnect');
  expect(await aprilGone).toBe('io server disconnect');
  expect(otto.socket.connected).toBe(true);
  expect(await actorOf(otto)).toEqual({ kind: 'user', name: 'otto', role: 'operator' });

  await expect(connect(TOKENS.vera)).rejects.toThrow(UNAUTHORIZED_MESSAGE);
  expect(await actorOf(await connect(TOKENS.april))).toEqual({ kind: 'user', name: 'april', role: 'operator' });
  expect(test.logs).toContainEqual(expect.stringMatching(/user "vera"\): ended, the users file no longer lets it in as a viewer/));
});

it('keeps the users it has when the file holds a mistake, saying where, and reads them once it is put right', async () => {
  const vera = await connect(TOKENS.vera);
  await writeFile(configFile, `{"users": [${JSON.stringify(USERS.vera)},]}`);
  // Every sign-in checks the file first: by the time this one is let in, the mistake was read.
  const april = await connect(TOKENS.april);
  expect(await actorOf(april)).toEqual({ kind: 'user', name: 'april', role: 'approver' });
  expect(test.logs).toContainEqual(
    expect.stringMatching(/^Bad config file .*config\.json:1:\d+: not valid JSON.*: the users read before stay until it is put right$/),
  );
  expect(vera.socket.connected).toBe(true);

  await writeFile(configFile, JSON.stringify({ users: [USERS.vera, { ...USERS.otto, role: 'admin' }] }));
  await connect(TOKENS.vera);
  expect(test.logs).toContainEqual(expect.stringMatching(/config\.json:1:\d+: .*users read before stay/));
  // Still the users read before: april is let in.
  await connect(TOKENS.april);

  const aprilGone = disconnected(april);
  await writeFile(configFile, JSON.stringify({ users: [USERS.vera] }));
  expect(await aprilGone).toBe('io server disconnect');
  await expect(connect(TOKENS.april)).rejects.toThrow(UNAUTHORIZED_MESSAGE);
});

it("follows a user's token file too: a replaced token ends the old one's sockets and lets the new one in", async () => {
  const tokenFile = path.join(path.dirname(configFile), 'april.token');
  await writeFile(tokenFile, `${TOKENS.april}\n`);
  await writeFile(configFile, JSON.stringify({ users: [{ name: 'april', role: 'approver', tokenFile: 'april.token' }, USERS.otto] }));
  const april = await connect(TOKENS.april);
  expect(await actorOf(april)).toEqual({ kind: 'user', name: 'april', role: 'approver' });

  const aprilGone = disconnected(april);
  const replaced = 'replaced-approver-token-0123456789';
  await writeFile(tokenFile, `${replaced}\n`);
  expect(await aprilGone).toBe('io server disconnect');
  await expect(connect(TOKENS.april)).rejects.toThrow(UNAUTHORIZED_MESSAGE);
  expect(await actorOf(await connect(replaced))).toEqual({ kind: 'user', name: 'april', role: 'approver' });
});
