/**
 * socket.io on the relay's HTTP server. Host and Origin are checked in `allowRequest`, which
 * socket.io runs for every handshake (first connections and reconnects alike, before any
 * middleware); so is a bearer token when a script sends one. The token itself is checked by the
 * middleware at socket.io's connect, from the handshake's `auth` payload (what the page sends: a
 * browser's WebSocket cannot carry headers) or the bearer header; no handler exists for a socket
 * before that. WebSocket is the only transport: a browser's WebSocket handshake always carries an
 * Origin (a same-origin polling GET carries none), and no session id then travels in plain HTTP
 * requests.
 */
import type { IncomingMessage, Server as PlainHttpServer } from 'node:http';
import type { Server as HttpsServer } from 'node:https';

/** The relay's server: plain HTTP, or HTTPS with the user's certificate. */
type HttpServer = PlainHttpServer | HttpsServer;
import { Server, type ServerOptions, type Socket } from 'socket.io';
import { batonProtocol, type BatonProtocol, UNAUTHORIZED_MESSAGE } from '../../lib/protocol/baton-protocol';
import type { SequencedContentReceivedParams } from '../../lib/protocol/thread-events';
import type { ToolServerUpdatedParams } from '../../lib/protocol/eca/tool-servers';
import { RpcConnection } from '../../lib/rpc/rpc-connection';
import type { NotificationMethod, NotificationParams } from '../../lib/protocol/protocol-definition';
import { createSocketIoTransport } from '../../lib/rpc/socket-io-transport';
import type { AccessGuard } from './access-guard';
import { type MessageLimits, transportMaxBytes, withIncomingLimits } from './message-limits';
import { ContentBatches } from './content-batches';
import { CONGESTED_ROOM, DEFAULT_OUTGOING_LIMITS, OutgoingBounds, type OutgoingLimits } from './outgoing-bounds';
import { DEVICE_REVOKED_MESSAGE, type Device, deviceRole } from '../../lib/protocol/devices';
import { OWNER, type TabActor } from '../../lib/protocol/roles';
import type { DeviceRegistry } from './devices/device-registry';
import { withRoleScope } from './role-scope';
import type { UserLookup } from './users/live-users';

export { UNAUTHORIZED_MESSAGE };
const CONNECT_TIMEOUT_MS = 10_000;

const THREAD_ROOM_PREFIX = 'thread:';
const threadRoom = (threadId: string) => `${THREAD_ROOM_PREFIX}${threadId}`;
/** No socket ever joins it. */
const WARM_UP_ROOM = 'baton:warm-up';

export interface SocketServerOptions {
  guard: AccessGuard;
  limits: MessageLimits;
  /** What the relay holds for one tab that does not read (outgoing-bounds.ts). */
  outgoing?: OutgoingLimits;
  /** A tab's connection; `device` when it presented a paired device's credential rather than the main token. */
  onTab: (tab: {
    connection: RpcConnection<BatonProtocol>;
    watchThread: (threadId: string) => void;
    device?: Device;
    actor: TabActor;
  }) => void;
  /** Paired devices (devices/device-registry.ts), whose credentials open a socket too; without it only the main token does. */
  devices?: DeviceRegistry;
  /** The config file's users (users/live-users.ts): their tokens, and the trusted proxy's header if one is configured. */
  users?: UserLookup;
  log: (message: string) => void;
  /** The last tab watching the thread left it (switched thread or disconnected). */
  onThreadUnwatched?: (threadId: string) => void;
  /** Runs before every handshake is judged: the token file is checked for a new token (token-source.ts). */
  beforeHandshake?: () => Promise<void>;
  /** A team's Redis adapter (team/redis-link.ts): a thread's contents then reach the tabs of every relay. */
  adapter?: ServerOptions['adapter'];
}

export function createSocketServer(httpServer: HttpServer, options: SocketServerOptions) {
  const { guard, log, limits } = options;
  const io = new Server(httpServer, {
    transports: ['websocket'],
    maxHttpBufferSize: transportMaxBytes(limits),
    serveClient: false,
    ...(options.adapter ? { adapter: options.adapter } : {}),
    // A connection that has not presented the token at socket.io's connect by then is closed.
    connectTimeout: CONNECT_TIMEOUT_MS,
    allowRequest: (request, callback) => {
      const judge = () => {
        const refusal = handshakeRefusal(guard, request, (token) => options.users?.identify(token) !== undefined);
        if (refusal === undefined) return callback(null, true);
        log(`socket handshake refused: ${refusal}`);
        callback(refusal, false);
      };
      if (!options.beforeHandshake) return judge();
      options.beforeHandshake().then(judge, (error: unknown) => {
        log(`socket handshake refused: the token could not be checked: ${String(error)}`);
        callback('the token could not be checked', false);
      });
    },
  });

  io.of('/').adapter.on('delete-room', (room: string) => {
    if (room.startsWith(THREAD_ROOM_PREFIX)) options.onThreadUnwatched?.(room.slice(THREAD_ROOM_PREFIX.length));
  });

  /** The token the socket presented: the handshake's `auth` (the page's), else the bearer header (a script's). */
  const tokenOf = (socket: Socket) => {
    const auth = socket.handshake.auth as { token?: unknown };
    return typeof auth.token === 'string' ? auth.token : guard.tokenFromRequest(socket.request);
  };
  io.use((socket, next) => {
    const token = tokenOf(socket);
    const admit = (actor: TabActor) => {
      socket.data.actor = actor;
      next();
    };
    if (guard.isValidToken(token)) return admit(OWNER);
    const identified = token && options.devices ? options.devices.identify(token) : { kind: 'unknown' as const };
    if (identified.kind === 'device') {
      socket.data.device = identified.device;
      options.devices?.seen(identified.device.id);
      return admit({ kind: 'device', name: identified.device.name, role: deviceRole(identified.device.scope) });
    }
    const user = token ? options.users?.identify(token) : undefined;
    if (user) return admit(user);
    // Believed only when the config names the header (users-config.ts): the relay is then reachable only through the proxy.
    const proxied = identified.kind === 'revoked' ? undefined : options.users?.fromProxy(socket.request.headers);
    if (proxied && 'kind' in proxied) return admit(proxied);
    const refusal = identified.kind === 'revoked' ? DEVICE_REVOKED_MESSAGE : (proxied?.refusal ?? UNAUTHORIZED_MESSAGE);
    log(`socket connect refused: ${refusal}`);
    next(new Error(refusal));
  });
  // A revoked device's sockets end at once; reconnecting, its page is told it was revoked.
  options.devices?.onRevoked((id) => {
    for (const socket of io.of('/').sockets.values()) if ((socket.data.device as Device | undefined)?.id === id) socket.disconnect(true);
  });

  /**
   * A user's socket lasts while the users (read again when their file changes) let in its token or
   * its proxy's header as the same user with the same role; a removed user, a changed role or a
   * replaced token ends it, and the page, reconnecting, is let in as it now may be, or refused.
   */
  const stillSignedIn = (socket: Socket, actor: TabActor) => {
    const token = tokenOf(socket);
    const proxied = options.users?.fromProxy(socket.request.headers);
    const now = (token ? options.users?.identify(token) : undefined) ?? (proxied && 'kind' in proxied ? proxied : undefined);
    return now?.name === actor.name && now.role === actor.role;
  };

  const bounds = new Map<string, OutgoingBounds>();
  /** Checks each socket a broadcast would reach; those over their bound are skipped (CONGESTED_ROOM). */
  const checkBeforeBroadcast = (socketIds: Iterable<string>) => {
    for (const id of socketIds) bounds.get(id)?.checkBeforeBroadcast();
  };

  io.on('connection', (socket: Socket) => {
    const device = socket.data.device as Device | undefined;
    const actor = socket.data.actor as TabActor;
    const tabLog = (message: string) =>
      log(`tab ${socket.id}${actor.kind === 'owner' ? '' : ` (${actor.kind} ${JSON.stringify(actor.name)})`}: ${message}`);
    const outgoing = new OutgoingBounds(socket, options.outgoing ?? DEFAULT_OUTGOING_LIMITS, tabLog);
    bounds.set(socket.id, outgoing);
    socket.once('disconnect', () => bounds.delete(socket.id));
    const limited = withIncomingLimits(createSocketIoTransport(socket, { closeOnDisconnect: true }), limits, { log: tabLog });
    const transport = outgoing.wrap(withRoleScope(limited, actor, tabLog));
    const connection = new RpcConnection(batonProtocol, transport, {
      onProtocolError: (error) => log(`tab ${socket.id}: ${error.message}`),
    });
    const watchThread = (threadId: string) => {
      for (const room of socket.rooms) if (room.startsWith(THREAD_ROOM_PREFIX)) void socket.leave(room);
      void socket.join(threadRoom(threadId));
    };
    options.onTab({ connection, watchThread, device, actor });
  });

  // Batched by thread, its room named once a batch: a name made per piece was a string built and hashed per piece.
  const contents = new ContentBatches((threadId, messages) => {
    const room = threadRoom(threadId);
    checkBeforeBroadcast(io.sockets.adapter.rooms.get(room) ?? []);
    io.to(room).except(CONGESTED_ROOM).emit('rpc', messages);
  });

  return {
    io,
    /** Whether a tab connected to this process watches the thread. */
    isWatched: (threadId: string) => (io.of('/').adapter.rooms.get(threadRoom(threadId))?.size ?? 0) > 0,
    /** Sends a recorded content to every tab watching the thread (on every relay of a team), with the others recorded in the same batch. */
    broadcast(threadId: string, params: SequencedContentReceivedParams) {
      contents.add(threadId, params);
    },
    /**
     * Encodes a batch as a broadcast does, to a room no tab is in (this relay's alone, so nothing
     * reaches a team's other relays): the first answer's first batch then costs what later ones do.
     */
    warmUp(messages: unknown[]) {
      io.local.to(WARM_UP_ROOM).emit('rpc', messages);
    },
    /** Sends a tool server's new status to every tab of this relay. */
    broadcastToolServer(params: ToolServerUpdatedParams) {
      contents.flush();
      checkBeforeBroadcast(bounds.keys());
      io.local.except(CONGESTED_ROOM).emit('rpc', { jsonrpc: '2.0', method: 'tool/serverUpdated', params });
    },
    /** Sends a notification to every tab of this relay: what it says (its agents, its inbox) is this relay's. */
    broadcastNotification<N extends NotificationMethod<BatonProtocol>>(method: N, params: NotificationParams<BatonProtocol, N>) {
      contents.flush();
      checkBeforeBroadcast(bounds.keys());
      io.local.except(CONGESTED_ROOM).emit('rpc', { jsonrpc: '2.0', method, params });
    },
    /**
     * Ends every tab's socket (the token they presented is no longer the token). The page, told
     * the relay ended it, connects again and is refused with what to do.
     */
    disconnectAll: () => io.local.disconnectSockets(true),
    /** Ends this relay's sockets of users the users, just read again, no longer let in as they were. */
    disconnectUsersGone() {
      for (const socket of io.of('/').sockets.values()) {
        const actor = socket.data.actor as TabActor | undefined;
        if (actor?.kind !== 'user' || stillSignedIn(socket, actor)) continue;
        log(`tab ${socket.id} (user ${JSON.stringify(actor.name)}): ended, the users file no longer lets it in as a ${actor.role}`);
        socket.disconnect(true);
      }
    },
    close: () => io.close(),
  };
}

/** Why a handshake request is refused, or undefined when it may go on. The reason goes back in the 400 body. */
export function handshakeRefusal(
  guard: AccessGuard,
  request: IncomingMessage,
  isUserToken: (token: string) => boolean = () => false,
): string | undefined {
  if (!guard.isAllowedHost(request.headers.host)) return 'host not allowed';
  if (!guard.isAllowedOrigin(request.headers.origin, request.headers.host)) {
    return request.headers.origin ? 'origin not allowed' : 'origin missing';
  }
  // A script's bearer token is checked here already; the page's comes in `auth`, at connect.
  const bearer = guard.tokenFromRequest(request);
  if (request.headers.authorization !== undefined && !guard.isValidToken(bearer) && !(bearer && isUserToken(bearer)))
    return UNAUTHORIZED_MESSAGE;
  return undefined;
}
