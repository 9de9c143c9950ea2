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
  return (engine.transport?.socket?.bufferedAmount ?? 0) + writeBufferBytes(engine.writeBuffer ?? []);
}

/** What has been counted of one write buffer: its first `length` packets hold `bytes`. */
interface Tally {
  length: number;
  bytes: number;
}

const tallies = new WeakMap<object, Tally>();

/**
 * The bytes of the packets in engine.io's write buffer, counting only the packets added since the
 * last call: a broadcast checks every socket it reaches, and the buffer of a tab that reads slower
 * than a fast stream holds thousands of packets, so counting it whole each time made every piece
 * cost more as the stream went on. engine.io only appends to a buffer and replaces it when it
 * flushes; a buffer that shrank anyway is counted again.
 */
function writeBufferBytes(buffer: ReadonlyArray<{ data?: unknown }>): number {
  let tally = tallies.get(buffer);
  if (tally === undefined || tally.length > buffer.length) {
    tally = { length: 0, bytes: 0 };
    tallies.set(buffer, tally);
  }
  for (; tally.length < buffer.length; tally.length += 1) tally.bytes += packetBytes(buffer[tally.length]?.data);
  return tally.bytes;
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
