/**
 * `thread/steer` over the socket: refused plainly when nothing can take the message (empty text,
 * an unknown thread, no turn running), so that the tab queues it as a prompt instead.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { BatonErrorCodes } from '../../lib/protocol/baton-protocol';
import type { RelayClient } from '../../e2e/support/relay-client';
import { startInitializedRelayClient } from './testing/relay-support';

let client: RelayClient;
let close: () => Promise<void>;

beforeEach(async () => {
  ({ client, close } = await startInitializedRelayClient());
});

afterEach(() => close());

it('refuses an empty message as invalid params', async () => {
  const { threadId } = await client.rpc.request('createThread', {});
  await expect(client.rpc.request('thread/steer', { threadId, text: '  ' })).rejects.toMatchObject({ code: -32602 });
});

it('refuses an unknown thread', async () => {
  await expect(client.rpc.request('thread/steer', { threadId: 'no-such-thread', text: 'hello' })).rejects.toMatchObject({
    code: BatonErrorCodes.UnknownThread,
  });
});

it('says to send it as a prompt when no turn runs', async () => {
  const { threadId } = await client.rpc.request('createThread', {});
  await expect(client.rpc.request('thread/steer', { threadId, text: 'use tabs' })).rejects.toMatchObject({
    code: BatonErrorCodes.CannotSteer,
    message: expect.stringContaining('send the message as a prompt'),
  });
});
