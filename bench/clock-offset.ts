/**
 * One clock for latencies measured across processes. The model stamps when a piece leaves, the
 * client when it arrives, each on its own process's monotonic clock; a handshake (Cristian's
 * algorithm) tells how far each child's clock stands from the bench's: the bench notes the time,
 * asks the child for its reading, notes the time again; the round trip with the shortest time
 * bounds the error by half of it.
 */

export interface ClockSample {
  /** The bench's clock when it asked. */
  askedAt: number;
  /** The child's clock when it answered. */
  remoteAt: number;
  /** The bench's clock when the answer came. */
  answeredAt: number;
}

export interface ClockOffset {
  /** Add to the bench's clock to get the child's: child time − offset = bench time. */
  offset: number;
  /** The most the offset can be wrong by: half the shortest round trip. */
  uncertainty: number;
}

/**
 * The offset from the sample with the shortest round trip. An offset within its own uncertainty
 * cannot be told apart from none: then the clocks are taken to be one (as CLOCK_MONOTONIC is on
 * Linux), which adds no handshake error to every latency.
 */
export function estimateOffset(samples: readonly ClockSample[]): ClockOffset {
  if (samples.length === 0) throw new Error('a clock offset needs at least one sample');
  let best: ClockSample | undefined;
  for (const sample of samples) {
    if (sample.answeredAt < sample.askedAt)
      throw new Error(`a clock sample answered (${sample.answeredAt}) before it was asked (${sample.askedAt})`);
    if (!best || sample.answeredAt - sample.askedAt < best.answeredAt - best.askedAt) best = sample;
  }
  const chosen = best as ClockSample;
  const uncertainty = (chosen.answeredAt - chosen.askedAt) / 2;
  const offset = chosen.remoteAt - (chosen.askedAt + uncertainty);
  return { offset: Math.abs(offset) <= uncertainty ? 0 : offset, uncertainty };
}

/** Takes `rounds` samples one after another through `ask` (which answers the child's clock). */
export async function measureOffset(ask: () => Promise<number>, now: () => number, rounds = 20): Promise<ClockOffset> {
  const samples: ClockSample[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const askedAt = now();
    const remoteAt = await ask();
    samples.push({ askedAt, remoteAt, answeredAt: now() });
  }
  return estimateOffset(samples);
}
