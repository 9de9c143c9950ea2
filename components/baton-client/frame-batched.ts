/**
 * Hands values on in order, all those that arrived within about a frame in one array, instead of
 * each as it arrives. A streamed answer arrives in many socket messages a frame, and each one
 * handed on at once made the store's subscribers run and the page render, lay out and re-measure
 * its list again: together these made tasks longer than a frame. Handed on together, the page
 * renders once for them.
 */

export interface FrameBatched<T> {
  push(value: T): void;
  /** Hands on what is waiting now: before anything that must come after it (another notification). */
  flush(): void;
  /** Drops what is waiting and the scheduled hand-over (the connection is closed). */
  cancel(): void;
}

export interface FrameScheduler {
  /** Calls `run` once, a frame's time from now; returns how to cancel it. */
  schedule(run: () => void): () => void;
}

/** About a frame at 60 Hz: what arrives within it is handed on together. */
export const FRAME_MS = 16;

/**
 * A timer rather than an animation frame: the hand-over and the render it causes then run in a
 * task of their own, not in the one that also lays out and paints the frame, which made that
 * task longer. A tab in the background runs timers too, if less often.
 */
export const browserFrameScheduler: FrameScheduler = {
  schedule(run) {
    const timer = setTimeout(run, FRAME_MS);
    return () => clearTimeout(timer);
  },
};

export function frameBatched<T>(deliver: (values: T[]) => void, scheduler: FrameScheduler = browserFrameScheduler): FrameBatched<T> {
  let waiting: T[] = [];
  let cancelScheduled: (() => void) | null = null;
  const flush = () => {
    cancelScheduled?.();
    cancelScheduled = null;
    if (waiting.length === 0) return;
    const values = waiting;
    waiting = [];
    deliver(values);
  };
  return {
    push(value) {
      waiting.push(value);
      cancelScheduled ??= scheduler.schedule(flush);
    },
    flush,
    cancel() {
      cancelScheduled?.();
      cancelScheduled = null;
      waiting = [];
    },
  };
}
