/**
 * A full garbage collection when the relay falls idle (no turn running in any thread for
 * IDLE_COLLECTION_DELAY_MS after the last one ended) and its old generation has grown by
 * GROWTH_BEFORE_COLLECTION_BYTES since it was last collected. Left to itself, V8 collects when its
 * heap fills, wherever in a turn that falls; a relay's heap fills mostly while it streams, and a
 * major collection under way as the next answer's first piece arrived held that piece back by up
 * to 15 ms (bench section 1, warm first-piece p99: the relay's windows from the model request to
 * the first piece written held its mark-compacts). Collected while the user reads the answer, the
 * next turn starts on a heap with room. The pause (30-40 ms on the bench's warm relay) falls where
 * nothing waits for the relay; a request that comes during it waits that long, once.
 *
 * Why not after every turn, as it first did: after each full collection V8 optimises again much of
 * what a turn runs. The optimised code of closures a turn made and dropped (the model SDK's stream
 * decoders, the HTTP parser's callbacks) is held only weakly and goes, and code that depended on
 * the layouts of objects that died with the turn is thrown away (--trace-deopt over 26 answers
 * streamed at full speed: "marking dependent code" 62 times, against 6 without the collection). The
 * next turn runs interpreted until V8 has optimised it again (--trace-opt over the same answers:
 * 448 optimisations against 190), and answers streamed as fast as the model sends them reached
 * 0.70-0.85 of the batching plain relay's pieces/s against 0.89-1.20 without it. V8's own
 * collections cost the same, so the relay collects about as often as V8 would, only earlier and
 * between turns: V8 collected on its own after 5.5-6.3 MB of old-generation growth on the bench's
 * relay (once after 1.8), and an answer of 1,000 pieces at full speed grows it by about 0.5 MB, one
 * of 5,000 by about 2 MB.
 */
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export const IDLE_COLLECTION_DELAY_MS = 300;
export const GROWTH_BEFORE_COLLECTION_BYTES = 3 * 1024 * 1024;

export interface IdleCollectionOptions {
  delayMs?: number;
  growthBeforeCollectionBytes?: number;
  /** Bytes in use in the heap's old generation. */
  oldGenerationUsed?: () => number;
}

export class IdleCollection {
  #timer: NodeJS.Timeout | undefined;
  readonly #delayMs: number;
  readonly #growthBeforeCollection: number;
  readonly #oldGenerationUsed: () => number;
  /** The old generation's size after the last collection the relay knows of. */
  #collectedSize: number;

  constructor(
    private readonly collect: () => void,
    options: IdleCollectionOptions = {},
  ) {
    this.#delayMs = options.delayMs ?? IDLE_COLLECTION_DELAY_MS;
    this.#growthBeforeCollection = options.growthBeforeCollectionBytes ?? GROWTH_BEFORE_COLLECTION_BYTES;
    this.#oldGenerationUsed = options.oldGenerationUsed ?? oldGenerationUsed;
    this.#collectedSize = this.#oldGenerationUsed();
  }

  /** Told whenever a turn starts or ends: `running` is whether any thread has a turn running now. */
  turnsChanged(running: boolean): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (running) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#collectIfGrown();
    }, this.#delayMs);
    // A collection to come never keeps a process alive that has nothing else to do.
    this.#timer.unref();
  }

  #collectIfGrown(): void {
    const used = this.#oldGenerationUsed();
    // Smaller than after the last collection: V8 has collected on its own since.
    if (used < this.#collectedSize) this.#collectedSize = used;
    if (used - this.#collectedSize < this.#growthBeforeCollection) return;
    this.collect();
    this.#collectedSize = this.#oldGenerationUsed();
  }

  close(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }
}

/** Bytes in use in every heap space but the young generation's (`new_space`, `new_large_object_space`). */
export function oldGenerationUsed(): number {
  let used = 0;
  for (const space of getHeapSpaceStatistics()) if (!space.space_name.startsWith('new_')) used += space.space_used_size;
  return used;
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
