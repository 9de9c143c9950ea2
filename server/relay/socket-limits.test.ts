/**
 * What one tab may send, against a real relay with small limits so that the tests stay quick:
 * too large a message gets a JSON-RPC error that names the limit (or, beyond socket.io's own
 * cap, a close with code 1009), and a flood gets "rate limited" errors while the socket lives on.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LimitErrorCodes, type MessageLimits, transportMaxBytes } from './message-limits';
import { rpcClient, startTestRelay, type TestRelay, whenConnected } from './testing/relay-support';
import { connectScriptClient } from './script-client';

const LIMITS: MessageLimits = { maxMessageBytes: 64 * 1024, burst: 20, perSecond: 10 };

let test: TestRelay;

beforeAll(async () => {
  test = await startTestRelay({ limits: LIMITS });
});

afterAll(async () => {
  await test?.close();
});

async function connected() {
  const socket = connectScriptClient(test.origin, test.relay.token);
  expect(await whenConnected(socket)).toEqual({ connected: true });
  return { socket, rpc: rpcClient(socket) };
}

it('answers a message over the relay’s cap with an error naming the limit, and stays usable', async () => {
  const { socket, rpc } = await connected();
  try {
    const tooLarge = await rpc.call('chat/prompt', { message: 'x'.repeat(LIMITS.maxMessageBytes) });
    expect(tooLarge.error).toMatchObject({
      code: LimitErrorCodes.MessageTooLarge,
      data: { limitBytes: LIMITS.maxMessageBytes },
    });
    expect(tooLarge.error?.message).toMatch(/^Message too large: \d+ bytes; the limit is 65536$/);
    // A notification has no id to answer, but its sender still learns why nothing happened.
    rpc.send('chat/promptStop', { chatId: 'y'.repeat(LIMITS.maxMessageBytes) }, null);
    expect((await rpc.reply(null)).error?.code).toBe(LimitErrorCodes.MessageTooLarge);
    expect(socket.connected).toBe(true);
    expect((await rpc.call('getThreads')).result).toEqual({ threads: [] });
  } finally {
    socket.close();
  }
});

it('closes with "message too big" (1009) beyond socket.io’s cap, and serves the next connection', async () => {
  const { socket, rpc } = await connected();
  try {
    const closed = new Promise<{ reason: string; code: unknown }>((resolve) =>
      socket.once('disconnect', (reason, details) =>
        resolve({ reason, code: (details as { context?: { code?: unknown } } | undefined)?.context?.code }),
      ),
    );
    rpc.send('chat/prompt', { message: 'x'.repeat(transportMaxBytes(LIMITS) + 1) });
    expect(await closed).toEqual({ reason: 'transport close', code: 1009 });
  } finally {
    socket.close();
  }
  const next = await connected();
  expect((await next.rpc.call('getThreads')).result).toEqual({ threads: [] });
  next.socket.close();
});

it('answers a flood with "rate limited" errors, then serves the same socket again', async () => {
  const { socket, rpc } = await connected();
  try {
    const flood = 100;
    const ids = Array.from({ length: flood }, () => rpc.send('getThreads'));
    const replies = await Promise.all(ids.map((id) => rpc.reply(id)));
    const served = replies.filter((reply) => reply.result !== undefined).length;
    const limited = replies.filter((reply) => reply.error?.code === LimitErrorCodes.RateLimited);
    expect(served + limited.length).toBe(flood);
    expect(served).toBeGreaterThanOrEqual(LIMITS.burst);
    expect(served).toBeLessThan(LIMITS.burst + 10);
    expect(limited[0]?.error?.message).toMatch(/^Rate limited: more than 10 messages per second; retry in \d+ ms$/);
    const retryAfterMs = (limited.at(-1)?.error?.data as { retryAfterMs: number } | undefined)?.retryAfterMs ?? 0;
    expect(retryAfterMs).toBeGreaterThan(0);
    expect(retryAfterMs).toBeLessThanOrEqual(1000 / LIMITS.perSecond);

    await new Promise((resolve) => setTimeout(resolve, retryAfterMs + 50));
    expect(socket.connected).toBe(true);
    expect((await rpc.call('getThreads')).result).toEqual({ threads: [] });
  } finally {
    socket.close();
  }
});

it('counts each message of a batch, and answers every request of a batch it refuses', async () => {
  const { socket } = await connected();
  try {
    const batch = Array.from({ length: LIMITS.burst + 1 }, (_, index) => ({
      jsonrpc: '2.0',
      id: `b${index}`,
      method: 'getThreads',
      params: null,
    }));
    const reply = new Promise<{ id: string; error?: { code: number } }[]>((resolve) => socket.once('rpc', resolve));
    socket.emit('rpc', batch);
    const answers = await reply;
    expect(answers.map((answer) => answer.id)).toEqual(batch.map((request) => request.id));
    expect(answers.every((answer) => answer.error?.code === LimitErrorCodes.RateLimited)).toBe(true);
  } finally {
    socket.close();
  }
});
