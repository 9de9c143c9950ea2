/**
 * A rewind is refused when it names a thread other than the one the tab shows: a confirmation
 * left open across a thread switch once removed entries from the thread the user had left.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { RelayClient } from '../../e2e/support/relay-client';
import { startInitializedRelayClient } from './testing/relay-support';

let client: RelayClient;
let close: () => Promise<void>;

beforeEach(async () => {
  ({ client, close } = await startInitializedRelayClient());
});

afterEach(() => close());

it('refuses a rewind and its preview of a thread the tab does not show, naming both', async () => {
  const { threadId: shown } = await client.rpc.request('createThread', {});
  const { threadId: hidden } = await client.rpc.request('createThread', {});
  await client.rpc.request('openThread', { threadId: shown });

  const refusal = { code: -32602, message: expect.stringContaining(`This tab shows thread ${shown}, not ${hidden}`) };
  await expect(client.rpc.request('thread/rewindPreview', { threadId: hidden, toEntry: 0 })).rejects.toMatchObject(refusal);
  await expect(client.rpc.request('thread/rewind', { threadId: hidden, toEntry: 0 })).rejects.toMatchObject(refusal);
});

it('judges a rewind of the shown thread on its own entries', async () => {
  const { threadId } = await client.rpc.request('createThread', {});
  await client.rpc.request('openThread', { threadId });
  await expect(client.rpc.request('thread/rewind', { threadId, toEntry: 0 })).rejects.toMatchObject({
    code: -32602,
    message: expect.stringContaining('does not exist (the thread has 0 entries)'),
  });
});
