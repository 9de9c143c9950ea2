import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorCodes } from '../protocol/json-rpc';
import { ConnectionError, RpcError } from './errors';
import { createLinkedTransports } from './testing/in-memory-transport';
import { RpcConnection } from './rpc-connection';
import type { ProtocolDefinition } from '../protocol/protocol-definition';
import type { Transport } from './transport';

const testProtocol = {
  requests: {
    'math/add': { params: z.object({ a: z.number(), b: z.number() }), result: z.object({ sum: z.number() }) },
    'wait/forever': { params: z.null().optional(), result: z.null() },
    'fail/always': { params: z.null().optional(), result: z.null() },
  },
  notifications: {
    'log/line': z.object({ text: z.string() }),
  },
} as const satisfies ProtocolDefinition;

function connectedPair() {
  const [left, right] = createLinkedTransports();
  const client = new RpcConnection(testProtocol, left, { requestTimeoutMs: 5_000 });
  const server = new RpcConnection(testProtocol, right);
  server.onRequest('math/add', ({ a, b }) => ({ sum: a + b }));
  server.onRequest('fail/always', () => {
    throw new Error('disk on fire');
  });
  return { client, server };
}

/** A raw peer: sends whatever it likes to a server connection and collects the replies. */
function rawPeer() {
  const [raw, right] = createLinkedTransports();
  const server = new RpcConnection(testProtocol, right);
  server.onRequest('math/add', ({ a, b }) => ({ sum: a + b }));
  const replies: unknown[] = [];
  const waiters: Array<() => void> = [];
  raw.onmessage = (message) => {
    replies.push(message);
    waiters.shift()?.();
  };
  const nextReply = () =>
    new Promise<unknown>((resolve) => {
      const count = replies.length;
      if (count > 0) return resolve(replies.shift());
      waiters.push(() => resolve(replies.shift()));
    });
  return { raw: raw as Transport, server, nextReply };
}

describe('RpcConnection', () => {
  it('answers a request with the result its handler returns', async () => {
    const { client } = connectedPair();
    await expect(client.request('math/add', { a: 2, b: 3 })).resolves.toEqual({ sum: 5 });
  });

  it('delivers a notification with validated params', async () => {
    const { client, server } = connectedPair();
    const received = new Promise((resolve) => server.onNotification('log/line', resolve));
    client.notify('log/line', { text: 'hello' });
    await expect(received).resolves.toEqual({ text: 'hello' });
  });

  it('names the missing method in -32601', async () => {
    const { raw, nextReply } = rawPeer();
    raw.send({ jsonrpc: '2.0', id: 1, method: 'math/divide', params: {} });
    await expect(nextReply()).resolves.toMatchObject({
      id: 1,
      error: { code: ErrorCodes.MethodNotFound, message: 'Method not found: math/divide' },
    });
  });

  it('answers invalid params with -32602 and the schema complaint, then keeps working', async () => {
    const { raw, nextReply } = rawPeer();
    raw.send({ jsonrpc: '2.0', id: 7, method: 'math/add', params: { a: 'two', b: 3 } });
    const reply = (await nextReply()) as { error: { code: number; data: Array<{ path: string[] }> } };
    expect(reply.error.code).toBe(ErrorCodes.InvalidParams);
    expect(reply.error.data[0]?.path).toEqual(['a']);
    raw.send({ jsonrpc: '2.0', id: 8, method: 'math/add', params: { a: 2, b: 3 } });
    await expect(nextReply()).resolves.toEqual({ jsonrpc: '2.0', id: 8, result: { sum: 5 } });
  });

  it('answers text that is not JSON with -32700 and a null id', async () => {
    const { raw, nextReply } = rawPeer();
    raw.send('{"jsonrpc": "2.0", "method"');
    await expect(nextReply()).resolves.toMatchObject({ id: null, error: { code: ErrorCodes.ParseError } });
  });

  it('answers a value that is no JSON-RPC message with -32600', async () => {
    const { raw, nextReply } = rawPeer();
    raw.send({ jsonrpc: '1.0', id: 3, method: 'math/add' });
    await expect(nextReply()).resolves.toMatchObject({ id: 3, error: { code: ErrorCodes.InvalidRequest } });
    raw.send(42);
    await expect(nextReply()).resolves.toMatchObject({ id: null, error: { code: ErrorCodes.InvalidRequest } });
  });

  it('answers a batch as a batch and leaves its notifications unanswered', async () => {
    const { raw, nextReply } = rawPeer();
    raw.send([
      { jsonrpc: '2.0', id: 1, method: 'math/add', params: { a: 1, b: 1 } },
      { jsonrpc: '2.0', method: 'log/line', params: { text: 'ignored' } },
      { jsonrpc: '2.0', id: 2, method: 'nope' },
    ]);
    const reply = (await nextReply()) as Array<{ id: number }>;
    expect(reply).toHaveLength(2);
    expect(reply[0]).toEqual({ jsonrpc: '2.0', id: 1, result: { sum: 2 } });
    expect(reply[1]).toMatchObject({ id: 2, error: { code: ErrorCodes.MethodNotFound } });
  });

  it('answers an empty batch with a single -32600', async () => {
    const { raw, nextReply } = rawPeer();
    raw.send([]);
    await expect(nextReply()).resolves.toMatchObject({ id: null, error: { code: ErrorCodes.InvalidRequest } });
  });

  it('turns a handler crash into -32603 carrying its message', async () => {
    const { client } = connectedPair();
    const failure = client.request('fail/always', null);
    await expect(failure).rejects.toBeInstanceOf(RpcError);
    await expect(failure).rejects.toMatchObject({ code: ErrorCodes.InternalError, message: 'Internal error: disk on fire' });
    await expect(client.request('math/add', { a: 1, b: 2 })).resolves.toEqual({ sum: 3 });
  });

  it('times out a request that gets no answer', async () => {
    const { client, server } = connectedPair();
    server.onRequest('wait/forever', () => new Promise<null>(() => {}));
    await expect(client.request('wait/forever', null, { timeoutMs: 20 })).rejects.toMatchObject({
      code: 'timeout',
    });
  });

  it('rejects a request whose signal is aborted', async () => {
    const { client, server } = connectedPair();
    server.onRequest('wait/forever', () => new Promise<null>(() => {}));
    const controller = new AbortController();
    const pending = client.request('wait/forever', null, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
  });

  it('rejects every pending request and aborts running handlers when the connection closes', async () => {
    const { client, server } = connectedPair();
    let handlerSignal: AbortSignal | undefined;
    const handlerStarted = new Promise<void>((resolve) =>
      server.onRequest('wait/forever', (_params, { signal }) => {
        handlerSignal = signal;
        resolve();
        return new Promise<null>(() => {});
      }),
    );
    const pending = client.request('wait/forever', null);
    await handlerStarted;
    client.close();
    await expect(pending).rejects.toBeInstanceOf(ConnectionError);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(handlerSignal?.aborted).toBe(true);
    await expect(client.request('math/add', { a: 1, b: 1 })).rejects.toMatchObject({ code: 'closed' });
  });

  it('rejects a result that does not match the schema', async () => {
    const [left, right] = createLinkedTransports();
    const client = new RpcConnection(testProtocol, left);
    right.onmessage = (message) => {
      const { id } = message as { id: number };
      right.send({ jsonrpc: '2.0', id, result: { sum: 'five' } });
    };
    await expect(client.request('math/add', { a: 2, b: 3 })).rejects.toMatchObject({ code: 'invalid-result' });
  });
});
