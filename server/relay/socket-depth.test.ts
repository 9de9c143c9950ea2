/**
 * A message nested thousands deep (about 10 KB of brackets) from one tab, against a real relay:
 * that tab gets the JSON-RPC error it deserves, and the relay, that tab and every other tab go on.
 */
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorCodes } from '../../lib/protocol/json-rpc';
import { MAX_JSON_DEPTH } from '../../lib/json/json-bounds';
import { rpcClient, startTestRelay, type TestRelay, whenConnected } from './testing/relay-support';
import { connectScriptClient } from './script-client';

const DEPTH = 5_000;

let test: TestRelay;

beforeAll(async () => {
  test = await startTestRelay();
});

afterAll(async () => {
  await test?.close();
});

async function connected() {
  const socket = connectScriptClient(test.origin, test.relay.token);
  expect(await whenConnected(socket)).toEqual({ connected: true });
  return { socket, rpc: rpcClient(socket) };
}

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/**
 * Sends one `rpc` event as raw socket.io packet text (socket.io event packet "2" on the default namespace,
 * in an engine.io message "4"), as a hostile page could: socket.io-client's own encoder would
 * overflow its stack on such a message before sending it.
 */
function emitRawRpc(socket: Socket, payloadJson: string): void {
  socket.io.engine.send(`2["rpc",${payloadJson}]`);
}

const request = (id: number | string, method: string, paramsJson: string) =>
  `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"${method}","params":${paramsJson}}`;

it('answers deep params with -32602 naming the limit; that tab and another carry on', async () => {
  const attacker = await connected();
  const bystander = await connected();
  try {
    emitRawRpc(attacker.socket, request(901, 'chat/prompt', `{"chatId":"c1","message":"hi","contexts":${nested(DEPTH)}}`));
    expect((await attacker.rpc.reply(901)).error).toEqual({
      code: ErrorCodes.InvalidParams,
      message: `Invalid params: nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`,
      data: { limitDepth: MAX_JSON_DEPTH },
    });
    expect((await bystander.rpc.call('getThreads')).result).toEqual({ threads: [] });
    expect((await attacker.rpc.call('getThreads')).result).toEqual({ threads: [] });
  } finally {
    attacker.socket.close();
    bystander.socket.close();
  }
});

it('answers a deep notification with -32602, a deep batch and deep text with -32600, the socket staying open', async () => {
  const { socket, rpc } = await connected();
  try {
    // A notification has no id to answer, but its sender still learns why nothing happened.
    emitRawRpc(socket, `{"jsonrpc":"2.0","method":"chat/promptStop","params":${nested(DEPTH)}}`);
    expect((await rpc.reply(null)).error).toMatchObject({ code: ErrorCodes.InvalidParams, data: { limitDepth: MAX_JSON_DEPTH } });

    const batchReply = new Promise<{ id: unknown; error?: { code: number } }[]>((resolve) => socket.once('rpc', resolve));
    emitRawRpc(socket, `[${request('b1', 'getThreads', '{}')},${nested(DEPTH)}]`);
    expect((await batchReply).map((answer) => [answer.id, answer.error?.code])).toEqual([['b1', ErrorCodes.InvalidRequest]]);

    // A tab may send the message as JSON text instead; the relay reads the text before parsing it.
    const textReply = new Promise<{ id: unknown; error?: { code: number } }>((resolve) => socket.once('rpc', resolve));
    socket.emit('rpc', request(7, 'getThreads', nested(DEPTH)));
    expect(await textReply).toMatchObject({ id: null, error: { code: ErrorCodes.InvalidRequest } });

    expect(socket.connected).toBe(true);
    expect((await rpc.call('getThreads')).result).toEqual({ threads: [] });
  } finally {
    socket.close();
  }
});

it('serves a message exactly at the limit', async () => {
  const { socket, rpc } = await connected();
  try {
    // The envelope is one level, params one more: params nested to the limit less one are allowed.
    emitRawRpc(socket, request(5, 'getThreads', `{"deep":${nested(MAX_JSON_DEPTH - 2)}}`));
    expect((await rpc.reply(5)).error?.message ?? '').not.toMatch(/nested deeper/);
    emitRawRpc(socket, request(6, 'getThreads', `{"deep":${nested(MAX_JSON_DEPTH - 1)}}`));
    expect((await rpc.reply(6)).error?.message).toMatch(/nested deeper/);
  } finally {
    socket.close();
  }
});
