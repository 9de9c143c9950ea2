/**
 * For the relay's own tests: a real relay in this process on a free loopback port (without the
 * Next.js UI, which these tests do not need), raw WebSocket handshakes that show what the relay
 * answers before socket.io gets involved, and JSON-RPC over a script client.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Socket } from 'socket.io-client';
import { connectRelayClient, type RelayClient } from '../../../e2e/support/relay-client';
import { type RelayOptions, type RunningRelay, startRelay } from '../relay';

export interface TestRelay {
  relay: RunningRelay;
  /** The relay's data folder. */
  dataDir: string;
  origin: string;
  port: number;
  logs: string[];
  close(): Promise<void>;
}

/**
 * The relay's workspace and data folder: the test's when it names both (such a test often stops
 * the relay itself, relay.relay.close(), and a folder made here would be left behind), else in a
 * folder of its own that close() removes.
 */
async function relayFolders(
  overrides: Partial<RelayOptions>,
): Promise<{ workspaceRoot: string; dataDir: string; remove(): Promise<void> }> {
  const { workspaceRoot, dataDir } = overrides;
  if (workspaceRoot !== undefined && dataDir !== undefined) return { workspaceRoot, dataDir, remove: async () => undefined };
  const folder = await mkdtemp(path.join(os.tmpdir(), 'baton-relay-test-'));
  return {
    workspaceRoot: workspaceRoot ?? folder,
    dataDir: dataDir ?? path.join(folder, '.baton'),
    remove: () => rm(folder, { recursive: true, force: true }),
  };
}

export async function startTestRelay(overrides: Partial<RelayOptions> = {}): Promise<TestRelay> {
  const folders = await relayFolders(overrides);
  const logs: string[] = [];
  const relay = await startRelay({
    host: '127.0.0.1',
    port: 0,
    // No API key: the offline demo model, which these tests never prompt.
    env: { NODE_ENV: 'test' },
    log: (message) => logs.push(message),
    serveUi: false,
    ...overrides,
    workspaceRoot: folders.workspaceRoot,
    dataDir: folders.dataDir,
  }).catch(async (error: unknown) => {
    await folders.remove();
    throw error;
  });
  const url = new URL(relay.url);
  return {
    relay,
    dataDir: folders.dataDir,
    origin: url.origin,
    port: Number(url.port),
    logs,
    async close() {
      await relay.close();
      await folders.remove();
    },
  };
}

export interface InitializedRelayClient {
  relay: TestRelay;
  client: RelayClient;
  /** Disconnects the client, then stops the relay and removes its folder. */
  close(): Promise<void>;
}

/**
 * A test relay with one script client connected and past `initialize`, as the handler tests need
 * before any request; a relay that started is stopped again when the client cannot get that far.
 */
export async function startInitializedRelayClient(overrides: Partial<RelayOptions> = {}): Promise<InitializedRelayClient> {
  const relay = await startTestRelay(overrides);
  let client: RelayClient | undefined;
  try {
    client = await connectRelayClient({ origin: relay.origin, token: relay.relay.token });
    await client.rpc.request('initialize', { processId: null, capabilities: {}, workspaceFolders: [] });
  } catch (error) {
    client?.close();
    await relay.close();
    throw error;
  }
  const connected = client;
  return {
    relay,
    client: connected,
    async close() {
      connected.close();
      await relay.close();
    },
  };
}

/** A WebSocket upgrade to socket.io with exactly these headers: 101, or the status and body of the refusal. */
export function rawHandshake(origin: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${origin}/socket.io/?EIO=4&transport=websocket`, {
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
        ...headers,
      },
      timeout: 10_000,
    });
    outgoing.once('upgrade', (_response, socket) => {
      socket.destroy();
      resolve({ status: 101, body: '' });
    });
    outgoing.once('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.once('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    outgoing.once('timeout', () => outgoing.destroy(new Error('handshake timed out')));
    outgoing.once('error', reject);
    outgoing.end();
  });
}

export interface RpcReply {
  id?: unknown;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/** Waits until the socket connects, or says why it could not. */
export function whenConnected(socket: Socket): Promise<{ connected: true } | { connected: false; error: string }> {
  return new Promise((resolve) => {
    if (socket.connected) return resolve({ connected: true });
    socket.once('connect', () => resolve({ connected: true }));
    socket.once('connect_error', (error) => resolve({ connected: false, error: error.message }));
  });
}

/** Collects every JSON-RPC reply with an id, and resolves each `call` with its own. */
export function rpcClient(socket: Socket) {
  const replies = new Map<unknown, RpcReply>();
  const waiters = new Map<unknown, (reply: RpcReply) => void>();
  let nextId = 1;
  socket.on('rpc', (payload: RpcReply | RpcReply[]) => {
    for (const reply of Array.isArray(payload) ? payload : [payload]) {
      replies.set(reply.id, reply);
      waiters.get(reply.id)?.(reply);
    }
  });
  return {
    replies,
    send(method: string, params: unknown = null, id: number | null = nextId++): number | null {
      socket.emit('rpc', id === null ? { jsonrpc: '2.0', method, params } : { jsonrpc: '2.0', id, method, params });
      return id;
    },
    reply(id: unknown, timeoutMs = 10_000): Promise<RpcReply> {
      const known = replies.get(id);
      if (known) return Promise.resolve(known);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no reply to ${String(id)} within ${timeoutMs} ms`)), timeoutMs);
        waiters.set(id, (reply) => {
          clearTimeout(timer);
          resolve(reply);
        });
      });
    },
    call(method: string, params: unknown = null): Promise<RpcReply> {
      return this.reply(this.send(method, params));
    },
  };
}
