/**
 * One `chat/prompt` carrying 90,000 file contexts (3.6 MB, under the message cap) against a real
 * relay: refused at once with an error that names the limit, nothing recorded, the relay serving on.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCodes } from '../../lib/protocol/json-rpc';
import { MAX_PROMPT_CONTEXTS } from '../agents/prompt-limits';
import { rpcClient, startTestRelay, type TestRelay, whenConnected } from './testing/relay-support';
import { connectScriptClient } from './script-client';

let test: TestRelay;

beforeAll(async () => {
  test = await startTestRelay();
});

afterAll(async () => {
  await test?.close();
});

it('refuses a prompt with 90,000 contexts, naming the limit, and keeps serving', async () => {
  const socket = connectScriptClient(test.origin, test.relay.token);
  try {
    expect(await whenConnected(socket)).toEqual({ connected: true });
    const rpc = rpcClient(socket);
    const contexts = Array.from({ length: 90_000 }, (_, index) => ({ type: 'file', path: `src/f${index}.ts` }));
    expect(JSON.stringify(contexts).length).toBeGreaterThan(3_000_000);
    const refused = await rpc.call('chat/prompt', { message: 'read all of these', contexts });
    expect(refused.error).toEqual({
      code: ErrorCodes.InvalidParams,
      message: `Too many contexts: this prompt attaches 90000; a prompt may attach at most ${MAX_PROMPT_CONTEXTS}.`,
      data: { limit: MAX_PROMPT_CONTEXTS, count: 90_000 },
    });
    // Refused before anything was recorded: no thread was made for it.
    expect((await rpc.call('getThreads')).result).toEqual({ threads: [] });
  } finally {
    socket.close();
  }
});
