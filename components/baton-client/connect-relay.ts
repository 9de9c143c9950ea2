/**
 * Owns the socket and the JSON-RPC connection over it, and wires the relay's notifications and the
 * socket's lifecycle into the store. The socket reconnects by itself; every `connect` (the first
 * and each after a drop) resynchronises the store.
 */
import { io } from 'socket.io-client';
import { batonProtocol } from '../../lib/protocol/baton-protocol';
import { RpcConnection } from '../../lib/rpc/rpc-connection';
import { createSocketIoTransport } from '../../lib/rpc/socket-io-transport';
import type { BatonStore } from '../../stores/baton-store';
import { explainRefusal } from './explain-refusal';
import type { RelayLink } from './relay-link';

const REQUEST_TIMEOUT_MS = 30_000;

/** Connects to the relay that served this page; returns the function that disconnects. */
export function connectRelay(store: BatonStore, link: RelayLink): () => void {
  // Same origin; the HttpOnly cookie the relay set on the page carries the token. The relay speaks
  // WebSocket only: its handshake always carries the page's Origin, which the relay checks.
  const socket = io({ withCredentials: true, transports: ['websocket'] });
  const connection = new RpcConnection(batonProtocol, createSocketIoTransport(socket), {
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    onProtocolError: (error) => console.warn(`[baton] relay sent something unexpected: ${error.message}`),
  });
  connection.onNotification('chat/contentReceived', (params) => store.getState().receiveChatContent(params));
  connection.onNotification('config/updated', (params) => store.getState().receiveConfig(params));
  connection.onNotification('tool/serverUpdated', (params) => store.getState().receiveToolServer(params));
  connection.onNotification('$/showMessage', (params) => store.getState().showMessage(params));
  link.attach(connection);

  socket.on('connect', () => void store.getState().synchronize());
  socket.on('disconnect', () => store.getState().connectionLost());
  socket.on('connect_error', (error) => {
    void explainRefusal(error.message).then((reason) => store.getState().connectionFailed(reason));
  });

  return () => {
    link.detach(connection);
    connection.close();
    socket.disconnect();
  };
}
