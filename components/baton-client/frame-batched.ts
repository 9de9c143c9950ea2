/**
 * Hands values on in order, all those that arrived since the last frame in one array, instead of
 * each as it arrives. A streamed answer arrives in many socket messages a frame, and each one
 * handed on at once made the store's subscribers run and the page render, lay out and re-measure
 * its list again: together these made tasks longer than a frame. Handed on once a frame, the page
 * renders once. A tab in the background gets no frames: a timer hands them on there.
 */

export interface FrameBatched<T> {
  push(value: T): void;
  /** Hands on what is waiting now: before anything that must come after it (another notification). */
  flush(): void;
  /** Drops what is waiting and the scheduled hand-over (the connection is closed). */
  cancel(): void;
}

export interface FrameScheduler {
  /** Calls `run` once, at the next frame or after `fallbackMs`, whichever comes first; returns how to cancel it. */
  schedule(run: () => void, fallbackMs: number): () => void;
}

/** Long enough for a frame to come first in a visible tab; short where frames do not come. */
const FALLBACK_MS = 100;

export const browserFrameScheduler: FrameScheduler = {
  schedule(run, fallbackMs) {
    const frame = requestAnimationFrame(() => {
      clearTimeout(timer);
      run();
    });
    const timer = setTimeout(() => {
      cancelAnimationFrame(frame);
      run();
    }, fallbackMs);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
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
      cancelScheduled ??= scheduler.schedule(flush, FALLBACK_MS);
    },
    flush,
    cancel() {
      cancelScheduled?.();
      cancelScheduled = null;
      waiting = [];
    },
  };
}
