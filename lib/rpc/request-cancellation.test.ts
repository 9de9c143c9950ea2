import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorCodes } from '../protocol/json-rpc';
import { parseError, RpcError } from './errors';
import { createLinkedTransports } from './testing/in-memory-transport';
import type { ProtocolDefinition } from '../protocol/protocol-definition';
import { RpcConnection, type RpcConnectionOptions } from './rpc-connection';
import type { Transport } from './transport';

const testProtocol = {
  requests: {
    'work/slow': { params: z.object({ steps: z.number() }), result: z.object({ done: z.number() }) },
    'math/add': { params: z.object({ a: z.number(), b: z.number() }), result: z.object({ sum: z.number() }) },
  },
  notifications: {},
} as const satisfies ProtocolDefinition;

const cancellation = { notification: '$/cancelRequest' };

/** A connection under test and a raw peer that sees every message it sends. */
function withRawPeer(options: RpcConnectionOptions = { cancellation }) {
  const [raw, right] = createLinkedTransports();
  const protocolErrors: RpcError[] = [];
  const connection = new RpcConnection(testProtocol, right, {
    requestTimeoutMs: 5_000,
    onProtocolError: (error) => protocolErrors.push(error),
    ...options,
  });
  connection.onRequest('math/add', ({ a, b }) => ({ sum: a + b }));
  const received: unknown[] = [];
  const waiters: Array<() => void> = [];
  raw.onmessage = (message) => {
    received.push(message);
    waiters.shift()?.();
  };
  const nextMessage = () =>
    new Promise<unknown>((resolve) => {
      if (received.length > 0) return resolve(received.shift());
      waiters.push(() => resolve(received.shift()));
    });
  return { raw: raw as Transport, transport: right, connection, nextMessage, protocolErrors };
}

/** A handler that reports its signal and never finishes on its own. */
function stuckHandler() {
  let resolveStarted: (signal: AbortSignal) => void = () => {};
  const started = new Promise<AbortSignal>((resolve) => {
    resolveStarted = resolve;
  });
  const handler = (_params: unknown, { signal }: { signal: AbortSignal }) => {
    resolveStarted(signal);
    return new Promise<{ done: number }>(() => {});
  };
  return { handler, started };
}

describe('cancellation with $/cancelRequest', () => {
  it('tells the peer when a request is aborted, and the peer handler sees its signal aborted', async () => {
    const [left, right] = createLinkedTransports();
    const protocolErrors: RpcError[] = [];
    const client = new RpcConnection(testProtocol, left, { cancellation, onProtocolError: (error) => protocolErrors.push(error) });
    const server = new RpcConnection(testProtocol, right, { cancellation });
    const { handler, started } = stuckHandler();
    server.onRequest('work/slow', handler);
    server.onRequest('math/add', ({ a, b }) => ({ sum: a + b }));
    const controller = new AbortController();
    const pending = client.request('work/slow', { steps: 3 }, { signal: controller.signal });
    const signal = await started;
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
    // Messages arrive in order: once this answer is in, the cancellation and the server's
    // -32800 answer (expected, so not a stray response) have crossed too.
    await expect(client.request('math/add', { a: 1, b: 2 })).resolves.toEqual({ sum: 3 });
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBeInstanceOf(RpcError);
    expect(signal.reason).toMatchObject({ code: ErrorCodes.RequestCancelled });
    expect(protocolErrors).toEqual([]);
  });

  it('sends $/cancelRequest with the id of the aborted request', async () => {
    const { connection, nextMessage } = withRawPeer();
    const controller = new AbortController();
    const pending = connection.request('work/slow', { steps: 1 }, { signal: controller.signal });
    const request = (await nextMessage()) as { id: number };
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
    await expect(nextMessage()).resolves.toEqual({ jsonrpc: '2.0', method: '$/cancelRequest', params: { id: request.id } });
  });

  it('tells the peer when a request times out', async () => {
    const { connection, nextMessage } = withRawPeer();
    const pending = connection.request('work/slow', { steps: 1 }, { timeoutMs: 10 });
    const request = (await nextMessage()) as { id: number };
    await expect(pending).rejects.toMatchObject({ code: 'timeout' });
    await expect(nextMessage()).resolves.toMatchObject({ method: '$/cancelRequest', params: { id: request.id } });
  });

  it('answers a cancelled request with -32800 at once, even when its handler ignores the signal', async () => {
    const { raw, connection, nextMessage } = withRawPeer();
    const { handler, started } = stuckHandler();
    connection.onRequest('work/slow', handler);
    raw.send({ jsonrpc: '2.0', id: 'job-1', method: 'work/slow', params: { steps: 9 } });
    const signal = await started;
    raw.send({ jsonrpc: '2.0', method: '$/cancelRequest', params: { id: 'job-1' } });
    await expect(nextMessage()).resolves.toEqual({
      jsonrpc: '2.0',
      id: 'job-1',
      error: { code: ErrorCodes.RequestCancelled, message: 'Request cancelled: work/slow' },
    });
    expect(signal.aborted).toBe(true);
    raw.send({ jsonrpc: '2.0', id: 2, method: 'math/add', params: { a: 2, b: 2 } });
    await expect(nextMessage()).resolves.toEqual({ jsonrpc: '2.0', id: 2, result: { sum: 4 } });
  });

  it('leaves other running requests alone and ignores a cancellation for a finished one', async () => {
    const { raw, connection, nextMessage, protocolErrors } = withRawPeer();
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    connection.onRequest('work/slow', async ({ steps }) => {
      await released;
      return { done: steps };
    });
    raw.send({ jsonrpc: '2.0', id: 1, method: 'math/add', params: { a: 1, b: 1 } });
    await expect(nextMessage()).resolves.toMatchObject({ id: 1, result: { sum: 2 } });
    raw.send({ jsonrpc: '2.0', id: 2, method: 'work/slow', params: { steps: 5 } });
    raw.send({ jsonrpc: '2.0', method: '$/cancelRequest', params: { id: 1 } });
    release();
    await expect(nextMessage()).resolves.toEqual({ jsonrpc: '2.0', id: 2, result: { done: 5 } });
    expect(protocolErrors).toEqual([]);
  });

  it('reports a cancellation without an id', async () => {
    const { raw, connection, protocolErrors } = withRawPeer();
    raw.send({ jsonrpc: '2.0', method: '$/cancelRequest', params: { request: 1 } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(protocolErrors.map((error) => error.code)).toEqual([ErrorCodes.InvalidParams]);
    expect(connection.isClosed).toBe(false);
  });

  it('sends nothing extra and treats $/cancelRequest as unknown without the option', async () => {
    const { raw, connection, nextMessage, protocolErrors } = withRawPeer({});
    const controller = new AbortController();
    const pending = connection.request('work/slow', { steps: 1 }, { signal: controller.signal });
    await nextMessage();
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
    raw.send({ jsonrpc: '2.0', method: '$/cancelRequest', params: { id: 1 } });
    raw.send({ jsonrpc: '2.0', id: 5, method: 'math/add', params: { a: 0, b: 1 } });
    await expect(nextMessage()).resolves.toMatchObject({ id: 5, result: { sum: 1 } });
    expect(protocolErrors.map((error) => error.message)).toEqual(['Method not found: $/cancelRequest']);
  });
});

describe('input the transport could not decode', () => {
  it('is answered with -32700 and a null id, reported, and the connection goes on', async () => {
    const { raw, transport, nextMessage, protocolErrors } = withRawPeer();
    transport.onerror?.(parseError('A message is not JSON', { kind: 'invalid-json' }));
    await expect(nextMessage()).resolves.toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: ErrorCodes.ParseError, message: 'Parse error: A message is not JSON', data: { kind: 'invalid-json' } },
    });
    expect(protocolErrors.map((error) => error.code)).toEqual([ErrorCodes.ParseError]);
    raw.send({ jsonrpc: '2.0', id: 1, method: 'math/add', params: { a: 1, b: 1 } });
    await expect(nextMessage()).resolves.toMatchObject({ id: 1, result: { sum: 2 } });
  });
});
