/**
 * The tab side of the streaming bench: a socket.io client that notes when each numbered piece
 * arrives and whether any was lost, repeated or out of order. It reads the raw `rpc` event with
 * no schema check, for the relay and the plain forwarder alike, so that the client's own work is
 * the same on both sides.
 */
import type { Socket } from 'socket.io-client';
import { connectScriptClient } from '../server/relay/script-client';
import { pieceIndex } from './stream-model';

interface RpcMessage {
  id?: number;
  method?: string;
  params?: { role?: string; content?: { type?: string; text?: string; state?: string } };
  result?: unknown;
  error?: { message: string };
}

export interface PieceLog {
  receivedAt: Float64Array;
  /** Pieces received, in order of arrival. */
  count: number;
  /** Arrivals that were not the next expected piece (lost, repeated or reordered). */
  misordered: number;
}

export interface StreamClient {
  socket: Socket;
  request(method: string, params: unknown): Promise<unknown>;
  /** Starts a log for the next `pieces` pieces; resolves when the last one has arrived. */
  expect(pieces: number): { log: PieceLog; done: Promise<void> };
  /** How many times a request waited because the relay limited its rate: a timed request that did is timed again. */
  readonly rateLimitedWaits: number;
  /** Resolves at the next `progress: finished` (the relay's end of a turn). */
  turnFinished(): Promise<void>;
  close(): void;
}

/** `clock` stamps arrivals: performance.now() unless told otherwise. */
export async function connectStreamClient(
  origin: string,
  token?: string,
  clock: () => number = () => performance.now(),
): Promise<StreamClient> {
  const socket = connectScriptClient(origin, token);
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  let nextId = 1;
  let rateLimitedWaits = 0;
  let current: { log: PieceLog; pieces: number; finish(): void } | undefined;
  const finishWaiters: Array<() => void> = [];

  // The relay sends a batch of pieces as one JSON-RPC batch array (server/relay/content-batches.ts).
  socket.on('rpc', (payload: RpcMessage | RpcMessage[]) => {
    if (Array.isArray(payload)) for (const message of payload) receive(message);
    else receive(payload);
  });
  function receive(message: RpcMessage): void {
    if (message.id !== undefined && message.method === undefined) {
      const waiter = pending.get(message.id);
      pending.delete(message.id);
      if (message.error) waiter?.reject(new Error(message.error.message));
      else waiter?.resolve(message.result);
      return;
    }
    const content = message.params?.content;
    if (message.method === 'chat/contentReceived' && content?.type === 'progress' && content.state === 'finished') {
      for (const wake of finishWaiters.splice(0)) wake();
      return;
    }
    if (message.method !== 'chat/contentReceived' || message.params?.role !== 'assistant' || content?.type !== 'text') return;
    if (!current) return;
    const now = clock();
    const index = pieceIndex(content.text ?? '');
    const { log } = current;
    if (index !== log.count) log.misordered += 1;
    if (index >= 0 && index < current.pieces) log.receivedAt[index] = now;
    log.count += 1;
    if (log.count === current.pieces) current.finish();
  }

  const send = (method: string, params: unknown) => {
    const id = nextId++;
    return new Promise<unknown>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      socket.emit('rpc', { jsonrpc: '2.0', id, method, params });
    });
  };

  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });

  return {
    socket,
    get rateLimitedWaits() {
      return rateLimitedWaits;
    },
    async request(method, params) {
      // The relay limits how fast a tab may send; a script that sends faster waits as it is told.
      for (;;) {
        try {
          return await send(method, params);
        } catch (error) {
          const wait = /^Rate limited: .* retry in (\d+) ms/.exec((error as Error).message)?.[1];
          if (wait === undefined) throw error;
          rateLimitedWaits += 1;
          await new Promise((resolve) => setTimeout(resolve, Number(wait) + 1));
        }
      }
    },
    expect(pieces) {
      const log: PieceLog = { receivedAt: new Float64Array(pieces), count: 0, misordered: 0 };
      const done = new Promise<void>((resolve) => {
        current = { log, pieces, finish: resolve };
      });
      return { log, done };
    },
    turnFinished() {
      return new Promise((resolve) => finishWaiters.push(resolve));
    },
    close() {
      socket.close();
    },
  };
}
