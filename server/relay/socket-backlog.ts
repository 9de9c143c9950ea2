/**
 * What is queued for one socket.io socket and not yet taken by its reader: the packets engine.io
 * holds while its transport is busy, plus what the WebSocket has handed to the TCP socket and the
 * kernel has not accepted. Both grow without bound when a tab stops reading. These are engine.io's
 * and ws's own fields (engine.io 6, ws 8), read in this one place.
 */
import type { Socket } from 'socket.io';

interface EngineInternals {
  writeBuffer?: Array<{ data?: unknown }>;
  transport?: { socket?: { bufferedAmount?: number; terminate?: () => void } };
}

export function queuedBytes(socket: Socket): number {
  const engine = socket.conn as unknown as EngineInternals;
  let bytes = engine.transport?.socket?.bufferedAmount ?? 0;
  for (const packet of engine.writeBuffer ?? []) bytes += packetBytes(packet.data);
  return bytes;
}

function packetBytes(data: unknown): number {
  if (typeof data === 'string') return data.length;
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return data.byteLength;
  return 0;
}

/**
 * Ends the connection at once, dropping what is queued: a polite close would wait for the queue
 * to drain, which is what a reader that has stopped never lets happen. The client sees its
 * transport close, reconnects by itself and catches up from the store (getThreadEvents).
 */
export function dropConnection(socket: Socket): void {
  const engine = socket.conn as unknown as EngineInternals;
  engine.transport?.socket?.terminate?.();
  socket.disconnect(true);
}
