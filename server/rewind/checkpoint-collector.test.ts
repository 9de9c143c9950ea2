/**
 * The garbage collection's pace, on a real shadow repository: requests in a burst make one
 * collection after the delay, and none comes sooner than the interval after the last one began.
 * The clock is vitest's fake one, so the test waits for nothing; git itself runs for real.
 */
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CheckpointCollector } from './checkpoint-collector';
import { ShadowGit } from './shadow-git';

/** The real git, telling which commands ran beside the queue. */
class WatchedShadowGit extends ShadowGit {
  readonly aside: string[] = [];
  override runAside(args: readonly string[]): Promise<Buffer> {
    this.aside.push(args.join(' '));
    return super.runAside(args);
  }
}

let base: string;
let git: WatchedShadowGit;

beforeEach(async () => {
  base = await realpath(await mkdtemp(path.join(os.tmpdir(), 'baton-collector-')));
  git = new WatchedShadowGit(path.join(base, 'checkpoints.git'), base);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});

afterEach(async () => {
  vi.useRealTimers();
  await rm(base, { recursive: true, force: true });
});

describe('checkpoint garbage collection', () => {
  it('makes one collection of a burst of requests, and waits out the interval before the next', async () => {
    const collector = new CheckpointCollector(git, { delayMs: 1_000, minIntervalMs: 60_000 });
    collector.request();
    collector.request();
    collector.request();
    expect(git.aside).toEqual([]);
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitUntil(() => git.aside.length === 2, { interval: 1, timeout: 2 ** 31 - 1 });
    await collector.close();
    expect(git.aside).toEqual([expect.stringMatching(/^reflog expire /), expect.stringMatching(/\bgc --quiet --prune=/)]);

    const paced = new CheckpointCollector(git, { delayMs: 1_000, minIntervalMs: 60_000 });
    await paced.collect();
    git.aside.length = 0;
    paced.request();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(git.aside).toEqual([]);
    await vi.advanceTimersByTimeAsync(30_000);
    await vi.waitUntil(() => git.aside.length === 2, { interval: 1, timeout: 2 ** 31 - 1 });
    await paced.close();
    expect(git.aside).toEqual([expect.stringMatching(/^reflog expire /), expect.stringMatching(/\bgc --quiet --prune=/)]);
  });

  it('runs no collection once closed', async () => {
    const collector = new CheckpointCollector(git, { delayMs: 1_000 });
    collector.request();
    await collector.close();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(git.aside).toEqual([]);
  });
});
