/**
 * How the thread recorder (thread-recorder.ts) batches its commits and paces the rewrites of a
 * growing entry: the figures that bound a batch's length, a streamed piece's share of the entry
 * writes, and how far the queue may grow before an agent is asked to wait.
 */

/** The most contents one transaction carries, which bounds how long a batch takes. */
export const MAX_BATCH = 512;
/** How often, at most, a growing entry is rewritten while pieces stream into it. */
export const ENTRY_WRITE_INTERVAL_MS = 500;
/**
 * A growing entry is rewritten once the pieces since its last write are at least as many as those
 * it held then (it has doubled): its rewrites together cost at most twice writing it once, however
 * long it gets, so the cost per piece stays flat; and a load replays at most half of it.
 */
export const ENTRY_GROWTH = 1;
/**
 * Nor before this many pieces came since its last write: a rewrite also writes the thread's row
 * and the pages of their indexes, a constant cost that would otherwise fall on the few pieces a
 * slow stream sends in ENTRY_WRITE_INTERVAL_MS, and grow per piece as the rate falls.
 */
export const ENTRY_MIN_PIECES = 256;
/** Pieces waiting for the store beyond this make the agent's emit wait for a batch to commit. */
export const HIGH_WATER = 4 * MAX_BATCH;
