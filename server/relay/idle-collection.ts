/**
 * One full garbage collection each time the relay falls idle: no turn running in any thread for
 * IDLE_COLLECTION_DELAY_MS after the last one ended. Left to itself, V8 collects when its heap
 * fills, wherever in a turn that falls; a relay's heap fills mostly while it streams, and a major
 * collection under way as the next answer's first piece arrived held that piece back by up to
 * 15 ms (bench section 1, warm first-piece p99: the relay's windows from the model request to the
 * first piece written held its mark-compacts). Collected while the user reads the answer, the next
 * turn starts on a heap with room. The pause (30-40 ms on the bench's warm relay) falls where
 * nothing waits for the relay; a request that comes during it waits that long, once.
 * The price, measured: the answer after it streams slower at full speed (bench section 1, 1,000
 * and 5,000 pieces as fast as the model sends them: 0.70-0.85 of the batching plain relay's
 * pieces/s with it in four runs; without, 0.89-1.20 in three of four and 0.67-0.81 in the
 * fourth). Not from the young generation shrinking (turns began with the same spread of its sizes
 * either way), nor from V8's memory reducer or code flushing (either turned off, no better). Kept
 * for now: the first piece at the rates models really stream is what a user waits on, bursts of
 * thousands of pieces a second are not.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export const IDLE_COLLECTION_DELAY_MS = 300;

export class IdleCollection {
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly collect: () => void,
    private readonly delayMs = IDLE_COLLECTION_DELAY_MS,
  ) {}

  /** Told whenever a turn starts or ends: `running` is whether any thread has a turn running now. */
  turnsChanged(running: boolean): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (running) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.collect();
    }, this.delayMs);
    // A collection to come never keeps a process alive that has nothing else to do.
    this.#timer.unref();
  }

  close(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}

/**
 * V8's full collection as a function, without starting Node with --expose-gc: the flag is on only
 * while one new context is made, which then holds `gc`, so no other context (the UI's server code)
 * ever sees it. Undefined where the engine refuses.
 */
export function fullCollection(): (() => void) | undefined {
  const exposed = (globalThis as { gc?: unknown }).gc;
  if (typeof exposed === 'function') return () => exposed();
  try {
    setFlagsFromString('--expose-gc');
    const collect: unknown = runInNewContext('gc');
    return typeof collect === 'function' ? () => collect() : undefined;
  } catch {
    return undefined;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}
