/**
 * socket.io on the relay's HTTP server. Host and Origin are checked in `allowRequest`, which
 * socket.io runs for every handshake request (polling and upgrade alike); the token is checked in
 * the connection middleware, from `auth.token` (scripts) or the cookie the page was given.
 */
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { batonProtocol, type BatonProtocol } from '../../lib/protocol/baton-protocol';
import type { ChatContentReceivedParams } from '../../lib/protocol/eca-chat';
import { RpcConnection } from '../../lib/rpc/rpc-connection';
import { createSocketIoTransport } from '../../lib/rpc/socket-io-transport';
import type { AccessGuard } from './access-guard';

/** Above this a message is refused by socket.io rather than buffered. */
export const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

const threadRoom = (threadId: string) => `thread:${threadId}`;

export interface SocketServerOptions {
  guard: AccessGuard;
  onTab: (tab: { connection: RpcConnection<BatonProtocol>; watchThread: (threadId: string) => void }) => void;
  log: (message: string) => void;
}

export function createSocketServer(httpServer: HttpServer, options: SocketServerOptions) {
  const { guard, log } = options;
  const io = new Server(httpServer, {
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
    serveClient: false,
    allowRequest: (request, callback) => {
      if (!guard.isAllowedHost(request.headers.host)) return callback('host not allowed', false);
      if (!guard.isAllowedOrigin(request.headers.origin)) return callback('origin not allowed', false);
      callback(null, true);
    },
  });

  io.use((socket, next) => {
    const auth = socket.handshake.auth as { token?: unknown };
    const token = typeof auth.token === 'string' ? auth.token : guard.tokenFromCookie(socket.request);
    if (guard.isValidToken(token)) return next();
    next(new Error('unauthorized: a valid token is required'));
  });

  io.on('connection', (socket: Socket) => {
    const connection = new RpcConnection(batonProtocol, createSocketIoTransport(socket, { closeOnDisconnect: true }), {
      onProtocolError: (error) => log(`tab ${socket.id}: ${error.message}`),
    });
    const watchThread = (threadId: string) => {
      for (const room of socket.rooms) if (room.startsWith('thread:')) void socket.leave(room);
      void socket.join(threadRoom(threadId));
    };
    options.onTab({ connection, watchThread });
  });

  return {
    io,
    /** Sends a recorded content to every tab watching the thread. */
    broadcast(threadId: string, params: ChatContentReceivedParams) {
      io.to(threadRoom(threadId)).emit('rpc', { jsonrpc: '2.0', method: 'chat/contentReceived', params });
    },
    close: () => io.close(),
  };
}
