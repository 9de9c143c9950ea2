/**
 * `thread/setAgentSetting` over the socket: refused plainly when there is nothing to change (an
 * agent without on/off settings, an unknown thread) or the request is malformed. The change an
 * ACP agent takes is tested on the fake agent (acp-session-settings.test.ts, e2e/acp-config-toggle.spec.ts).
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { RelayClient } from '../../e2e/support/relay-client';
import { BatonErrorCodes } from '../../lib/protocol/baton-protocol';
import { startInitializedRelayClient } from './testing/relay-support';

let client: RelayClient;
let close: () => Promise<void>;

beforeEach(async () => {
  ({ client, close } = await startInitializedRelayClient());
});

afterEach(() => close());

it('says the built-in agent has no on/off settings to change', async () => {
  const { threadId } = await client.rpc.request('createThread', {});
  await expect(client.rpc.request('thread/setAgentSetting', { threadId, settingId: 'brief', value: true })).rejects.toMatchObject({
    code: BatonErrorCodes.CannotSetSetting,
    message: 'builtin has no on/off settings to change in this thread.',
  });
});

it('refuses an unknown thread, an empty setting id and a value that is no boolean', async () => {
  await expect(client.rpc.request('thread/setAgentSetting', { threadId: 'nope', settingId: 'brief', value: true })).rejects.toMatchObject({
    code: BatonErrorCodes.UnknownThread,
  });
  const { threadId } = await client.rpc.request('createThread', {});
  await expect(client.rpc.request('thread/setAgentSetting', { threadId, settingId: '', value: true })).rejects.toMatchObject({
    code: -32602,
  });
  const notBoolean = { threadId, settingId: 'brief', value: 'on' } as unknown as { threadId: string; settingId: string; value: boolean };
  await expect(client.rpc.request('thread/setAgentSetting', notBoolean)).rejects.toMatchObject({ code: -32602 });
});
