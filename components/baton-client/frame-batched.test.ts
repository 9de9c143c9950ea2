import { describe, expect, it } from 'vitest';
import { type FrameScheduler, frameBatched } from './frame-batched';

/** Frames that come when the test says so. */
function manualFrames(): FrameScheduler & { frame(): void; pending(): number } {
  let runs: (() => void)[] = [];
  return {
    schedule(run) {
      runs.push(run);
      return () => (runs = runs.filter((other) => other !== run));
    },
    frame() {
      const due = runs;
      runs = [];
      for (const run of due) run();
    },
    pending: () => runs.length,
  };
}

describe('frameBatched', () => {
  it('hands on every value that arrived before a frame at that frame, in order and at once, with one frame asked for', () => {
    const frames = manualFrames();
    const delivered: number[][] = [];
    const batched = frameBatched((values: number[]) => delivered.push(values), frames);
    batched.push(1);
    batched.push(2);
    batched.push(3);
    expect(delivered).toEqual([]);
    expect(frames.pending()).toBe(1);
    frames.frame();
    expect(delivered).toEqual([[1, 2, 3]]);
    batched.push(4);
    frames.frame();
    expect(delivered).toEqual([[1, 2, 3], [4]]);
  });

  it('hands on what waits at once when flushed, and the frame then has nothing left to hand on', () => {
    const frames = manualFrames();
    const delivered: string[][] = [];
    const batched = frameBatched((values: string[]) => delivered.push(values), frames);
    batched.push('a');
    batched.flush();
    expect(delivered).toEqual([['a']]);
    expect(frames.pending()).toBe(0);
    batched.flush();
    frames.frame();
    expect(delivered).toEqual([['a']]);
  });

  it('drops what waits when cancelled', () => {
    const frames = manualFrames();
    const delivered: number[][] = [];
    const batched = frameBatched((values: number[]) => delivered.push(values), frames);
    batched.push(1);
    batched.cancel();
    frames.frame();
    expect(delivered).toEqual([]);
    expect(frames.pending()).toBe(0);
  });
});
