/**
 * A tab that asks for large history pages and never reads the answers, against a real relay: a
 * real socket.io client whose TCP socket is paused (the kernel's buffers fill, then the relay's).
 * The relay's memory stays bounded, another tab keeps its answers, the stalled tab is
 * disconnected, and once it reads again it reconnects by itself and catches up from the store.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { Socket as NetSocket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openThreadStore } from '../store/prisma-thread-store';
import { LimitErrorCodes } from './message-limits';
import type { OutgoingLimits } from './outgoing-bounds';
import { rpcClient, startTestRelay, type TestRelay, whenConnected } from './testing/relay-support';
import { connectScriptClient } from './script-client';

const EVENTS = 40;
const EVENT_CHARACTERS = 100_000;
const REQUESTS = 300;
const OUTGOING: OutgoingLimits = {
  maxQueuedBytes: 8 * 1024 * 1024,
  maxConcurrentRequests: 4,
  maxPendingRequests: 16,
  drainTimeoutMs: 3000,
};
/** Generous: the relay without bounds grew by gigabytes here (300 answers of 4 MB each, held). */
const MAX_GROWTH_BYTES = 400 * 1024 * 1024;

let folder: string;
let threadId: string;
let test: TestRelay;

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'baton-stalled-tab-'));
  const dataDir = path.join(folder, '.baton');
  const store = await openThreadStore({ databaseFile: path.join(dataDir, 'baton.db') });
  threadId = (await store.createThread('a long thread')).id;
  for (let seq = 1; seq <= EVENTS; seq += 1) {
    const text = `${seq} `.padEnd(EVENT_CHARACTERS, 'x');
    await store.appendEvent(threadId, { seq, role: 'assistant', content: { type: 'text', text } }, []);
  }
  await store.close();
  test = await startTestRelay({
    workspaceRoot: folder,
    dataDir,
    limits: { maxMessageBytes: 4 * 1024 * 1024, burst: 1000, perSecond: 1000 },
    outgoing: OUTGOING,
  });
});

afterAll(async () => {
  await test?.close();
  await rm(folder, { recursive: true, force: true });
});

/** The TCP socket under a socket.io client's WebSocket (engine.io-client's and ws's own fields). */
function tcpSocketOf(socket: Socket): NetSocket {
  return (socket.io.engine.transport as unknown as { ws: { _socket: NetSocket } }).ws._socket;
}

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('bounds what a tab that stops reading costs, serves other tabs, and lets it catch up when it reads again', async () => {
  const stalled = connectScriptClient(test.origin, test.relay.token, { reconnection: true, reconnectionDelay: 100 });
  const other = connectScriptClient(test.origin, test.relay.token);
  try {
    expect(await whenConnected(stalled)).toEqual({ connected: true });
    expect(await whenConnected(other)).toEqual({ connected: true });
    const stalledRpc = rpcClient(stalled);
    let connects = 0;
    stalled.on('connect', () => (connects += 1));

    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    tcpSocketOf(stalled).pause();
    for (let index = 0; index < REQUESTS; index += 1) stalledRpc.send('getThreadEvents', { threadId, afterSeq: 0 });

    // Meanwhile another tab is answered, history pages included.
    const otherRpc = rpcClient(other);
    await until(
      () => test.logs.some((line) => line.includes('it gets nothing more until it does')),
      20_000,
      'the stalled tab is over its bound',
    );
    expect((await otherRpc.call('getThreads')).result).toMatchObject({ threads: [{ id: threadId }] });
    const page = await otherRpc.call('getThreadEvents', { threadId, afterSeq: EVENTS - 2 });
    expect((page.result as { events: unknown[] }).events).toHaveLength(2);

    await until(() => test.logs.some((line) => line.includes('disconnected: read nothing of')), 20_000, 'the stalled tab is dropped');
    clearInterval(sampler);
    const growth = peak - baseline;
    console.info(
      `stalled tab: peak RSS ${(peak / 2 ** 20).toFixed(0)} MiB, ${(growth / 2 ** 20).toFixed(0)} MiB over the ${(baseline / 2 ** 20).toFixed(0)} MiB before`,
    );
    expect(growth).toBeLessThan(MAX_GROWTH_BYTES);

    // The tab reads again: it finds its connection gone, reconnects by itself and replays.
    tcpSocketOf(stalled).resume();
    await until(() => connects >= 1 && stalled.connected, 20_000, 'the stalled tab reconnects');
    const replay = await rpcClient(stalled).call('getThreadEvents', { threadId, afterSeq: 0 });
    expect((replay.result as { events: Array<{ seq: number }> }).events.map((event) => event.seq)).toEqual(
      Array.from({ length: EVENTS }, (_, index) => index + 1),
    );
  } finally {
    stalled.close();
    other.close();
  }
}, 60_000);

it('refuses a batch of more requests than a tab may have waiting, naming the limit, and serves one that fits', async () => {
  const socket = connectScriptClient(test.origin, test.relay.token);
  try {
    expect(await whenConnected(socket)).toEqual({ connected: true });
    const batch = (size: number, prefix: string) =>
      new Promise<Array<{ id: string; result?: unknown; error?: { code: number; message: string } }>>((resolve) => {
        socket.once('rpc', resolve);
        socket.emit(
          'rpc',
          Array.from({ length: size }, (_, index) => ({ jsonrpc: '2.0', id: `${prefix}${index}`, method: 'getThreads', params: null })),
        );
      });
    const refused = await batch(OUTGOING.maxPendingRequests + 1, 'r');
    expect(refused).toHaveLength(OUTGOING.maxPendingRequests + 1);
    expect(refused.every((answer) => answer.error?.code === LimitErrorCodes.TooManyPending)).toBe(true);
    expect(refused[0]?.error?.message).toBe('Too many requests waiting: at most 16 at once; wait for their answers');
    const served = await batch(OUTGOING.maxPendingRequests, 's');
    expect(served.every((answer) => answer.result !== undefined)).toBe(true);
  } finally {
    socket.close();
  }
});
