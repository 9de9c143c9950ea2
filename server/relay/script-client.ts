/**
 * How a program other than the browser connects to the relay: over WebSocket (the relay's only
 * transport), naming the relay's own origin (a handshake without an Origin is refused) and
 * presenting the token as a bearer header, which the relay checks on every handshake.
 */
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

export function connectScriptClient(
  relayOrigin: string,
  token: string | undefined,
  options: Partial<ManagerOptions & SocketOptions> = {},
): Socket {
  const headers: Record<string, string> = { origin: relayOrigin };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  return io(relayOrigin, {
    transports: ['websocket'],
    reconnection: false,
    ...options,
    extraHeaders: { ...headers, ...options.extraHeaders },
  });
}
