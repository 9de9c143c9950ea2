/**
 * A script's connection to the relay: socket.io-client in Node with Baton's own JSON-RPC engine,
 * as a browser tab would have, plus a log of every chat content it received.
 */
import type { Socket } from 'socket.io-client';
import { batonProtocol, type BatonProtocol } from '../../lib/protocol/baton-protocol';
import type { SequencedContentReceivedParams } from '../../lib/protocol/thread-events';
import { RpcConnection } from '../../lib/rpc/rpc-connection';
import { createSocketIoTransport } from '../../lib/rpc/socket-io-transport';
import { connectScriptClient } from '../../server/relay/script-client';

export interface RelayClient {
  socket: Socket;
  rpc: RpcConnection<BatonProtocol>;
  received: SequencedContentReceivedParams[];
  /** Resolves once a received content satisfies the predicate (bounded by the test's timeout). */
  until(predicate: (params: SequencedContentReceivedParams) => boolean): Promise<void>;
  close(): void;
}

/** `asPage`: the credential goes in the handshake's `auth` payload, as the page sends it (a paired device's credential must). */
export async function connectRelayClient(relay: { origin: string; token: string; asPage?: boolean }): Promise<RelayClient> {
  const socket = relay.asPage
    ? connectScriptClient(relay.origin, undefined, { auth: { token: relay.token } })
    : connectScriptClient(relay.origin, relay.token);
  const rpc = new RpcConnection(batonProtocol, createSocketIoTransport(socket), { requestTimeoutMs: 15_000 });
  const received: SequencedContentReceivedParams[] = [];
  const waiters = new Set<() => void>();
  rpc.onNotification('chat/contentReceived', (params) => {
    received.push(params);
    for (const wake of [...waiters]) wake();
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return {
    socket,
    rpc,
    received,
    until(predicate) {
      return new Promise((resolve) => {
        const check = () => {
          if (!received.some(predicate)) return;
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
        check();
      });
    },
    close() {
      rpc.close();
      socket.close();
    },
  };
}

export const isTurnFinished = (params: SequencedContentReceivedParams) =>
  params.content.type === 'progress' && params.content.state === 'finished';
