import type { Transport } from '../transport';

/** Two transports wired to each other, for tests. Delivery is asynchronous, as on a real wire. */
export function createLinkedTransports(): [Transport, Transport] {
  let closed = false;
  const make = (): Transport & { peer?: Transport } => ({
    send(message) {
      if (closed) return;
      // A structured clone stands in for serialisation: no shared object survives the trip.
      const copy = structuredClone(message);
      queueMicrotask(() => this.peer?.onmessage?.(copy));
    },
    close() {
      if (closed) return;
      closed = true;
      queueMicrotask(() => {
        left.onclose?.('closed');
        right.onclose?.('closed');
      });
    },
  });
  const left = make();
  const right = make();
  left.peer = right;
  right.peer = left;
  return [left, right];
}
