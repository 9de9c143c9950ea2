/**
 * What one streamed answer measured: from when the model sent each piece and when the client got
 * it, both brought to the bench's clock, the latency of the first piece and of every piece, and
 * pieces per second from the first piece sent to the last received.
 */

export interface AnswerTimes {
  /** The model's clock when piece i left; the model's offset turns it into the bench's clock. */
  sentAt: ArrayLike<number>;
  /** The client's clock when piece i arrived; 0 for a piece that never did (a monotonic clock never reads 0). */
  receivedAt: ArrayLike<number>;
  modelOffset: number;
  clientOffset: number;
}

export interface AnswerLatency {
  /** Latency of the first piece, ms; NaN when it never arrived. */
  first: number;
  /** Latency of every piece that arrived, ms, in piece order. */
  every: number[];
  piecesPerSecond: number;
}

export function answerLatency({ sentAt, receivedAt, modelOffset, clientOffset }: AnswerTimes): AnswerLatency {
  if (sentAt.length !== receivedAt.length) throw new Error(`${sentAt.length} send times for ${receivedAt.length} arrivals`);
  const every: number[] = [];
  let lastArrival = Number.NEGATIVE_INFINITY;
  for (let index = 0; index < sentAt.length; index += 1) {
    const arrived = receivedAt[index] as number;
    if (arrived <= 0) continue;
    const arrivedHere = arrived - clientOffset;
    every.push(arrivedHere - ((sentAt[index] as number) - modelOffset));
    lastArrival = Math.max(lastArrival, arrivedHere);
  }
  const firstArrived = (receivedAt[0] ?? 0) > 0;
  const firstSent = (sentAt[0] ?? Number.NaN) - modelOffset;
  return {
    first: firstArrived ? (every[0] as number) : Number.NaN,
    every,
    piecesPerSecond: every.length === 0 ? 0 : (every.length * 1000) / (lastArrival - firstSent),
  };
}
