/**
 * A relay started in Baton's own source folder without `--workspace` says so in the `config/updated`
 * every tab gets after `initialized`, so the page can ask for the user's project; any other relay
 * leaves the field out.
 */
import { afterEach, expect, it } from 'vitest';
import type { ConfigUpdatedParams } from '../../lib/protocol/eca-chat';
import { rpcClient, startTestRelay, type TestRelay, whenConnected } from './testing/relay-support';
import { connectScriptClient } from './script-client';

const relays: TestRelay[] = [];
const sockets: Array<{ close(): void }> = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.close();
  await Promise.all(relays.splice(0).map((relay) => relay.close()));
});

async function firstConfig(startedInOwnSource: boolean | undefined): Promise<ConfigUpdatedParams> {
  const relay = await startTestRelay(startedInOwnSource === undefined ? {} : { startedInOwnSource });
  relays.push(relay);
  const socket = connectScriptClient(relay.origin, relay.relay.token);
  sockets.push(socket);
  expect(await whenConnected(socket)).toEqual({ connected: true });
  const config = new Promise<ConfigUpdatedParams>((resolve) => {
    socket.on('rpc', (message: { method?: string; params?: ConfigUpdatedParams }) => {
      if (message.method === 'config/updated' && message.params) resolve(message.params);
    });
  });
  const client = rpcClient(socket);
  await client.call('initialize', { processId: null, clientInfo: { name: 'test' }, capabilities: {}, workspaceFolders: [] });
  client.send('initialized', {}, null);
  return config;
}

it("tells the page it runs on Baton's own source folder", async () => {
  expect((await firstConfig(true)).baton).toMatchObject({ startedInOwnSource: true });
});

it('says nothing of it otherwise', async () => {
  expect((await firstConfig(undefined)).baton).not.toHaveProperty('startedInOwnSource');
  expect((await firstConfig(false)).baton).not.toHaveProperty('startedInOwnSource');
});
