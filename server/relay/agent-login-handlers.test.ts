/**
 * The login methods over the socket: refused plainly when there is nothing to act on (an agent
 * without a login of its own, an unknown agent, too much typed at once).
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { MAX_LOGIN_INPUT_CHARS } from '../../lib/protocol/agent-login';
import { BatonErrorCodes } from '../../lib/protocol/baton-protocol';
import { BUILTIN_AGENT_NAME } from '../../lib/protocol/agents';
import type { RelayClient } from '../../e2e/support/relay-client';
import { startInitializedRelayClient } from './testing/relay-support';

let client: RelayClient;
let close: () => Promise<void>;

beforeEach(async () => {
  ({ client, close } = await startInitializedRelayClient());
});

afterEach(() => close());

it('says an agent without a login of its own has none to type into, cancel or log out of', async () => {
  for (const request of [
    () => client.rpc.request('agent/loginInput', { agent: BUILTIN_AGENT_NAME, text: 'code\r' }),
    () => client.rpc.request('agent/loginCancel', { agent: BUILTIN_AGENT_NAME }),
    () => client.rpc.request('agent/logout', { agent: BUILTIN_AGENT_NAME }),
  ]) {
    await expect(request()).rejects.toMatchObject({ code: -32600, message: `${BUILTIN_AGENT_NAME} has no login of its own.` });
  }
});

it('refuses an unknown agent', async () => {
  await expect(client.rpc.request('agent/logout', { agent: 'nobody' })).rejects.toMatchObject({ code: BatonErrorCodes.UnknownAgent });
});

it('refuses too much typed at once, and nothing at all, as invalid params', async () => {
  const text = 'x'.repeat(MAX_LOGIN_INPUT_CHARS + 1);
  await expect(client.rpc.request('agent/loginInput', { agent: BUILTIN_AGENT_NAME, text })).rejects.toMatchObject({ code: -32602 });
  await expect(client.rpc.request('agent/loginInput', { agent: BUILTIN_AGENT_NAME, text: '' })).rejects.toMatchObject({ code: -32602 });
});
