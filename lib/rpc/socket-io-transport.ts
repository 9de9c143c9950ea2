/**
 * Carries JSON-RPC messages as the payload of one socket.io event (`rpc`), in both directions.
 * Written against the few methods the server and client sockets share, so both ends use it.
 */
import { RPC_EVENT } from '../protocol/baton-protocol';
import type { Transport } from './transport';

export interface RpcSocket {
  emit(event: string, payload: unknown): unknown;
  on(event: string, listener: (payload: unknown) => void): unknown;
  off(event: string, listener: (payload: unknown) => void): unknown;
}

export interface SocketIoTransportOptions {
  /**
   * Whether a socket.io disconnect ends the transport. A relay-side socket never comes back, so
   * it does; the browser's socket reconnects by itself and keeps one connection across drops.
   */
  closeOnDisconnect: boolean;
}

export function createSocketIoTransport(socket: RpcSocket, options: SocketIoTransportOptions = { closeOnDisconnect: false }): Transport {
  let closed = false;
  const transport: Transport = {
    send(message) {
      if (!closed) socket.emit(RPC_EVENT, message);
    },
    close() {
      finish('closed by this side');
    },
  };
  const onRpc = (payload: unknown) => {
    if (!closed) transport.onmessage?.(payload);
  };
  const onDisconnect = (reason: unknown) => {
    if (options.closeOnDisconnect) finish(`socket disconnected: ${String(reason)}`);
  };
  function finish(reason: string) {
    if (closed) return;
    closed = true;
    socket.off(RPC_EVENT, onRpc);
    socket.off('disconnect', onDisconnect);
    transport.onclose?.(reason);
  }
  socket.on(RPC_EVENT, onRpc);
  socket.on('disconnect', onDisconnect);
  return transport;
}
