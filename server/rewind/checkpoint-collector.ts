/**
 * The shadow repository's garbage collection: once refs were dropped (a thread deleted for good, a
 * rewind, the cap), `git gc` packs what is kept and deletes what no ref names any more. Never on
 * every turn: a request waits `delayMs` (so that a burst of deletions makes one collection) and
 * at least `minIntervalMs` after the last one began. It runs beside the command queue
 * (ShadowGit.runAside), so a turn's checkpoint never waits for it; objects written less than
 * `pruneGrace` ago are kept, so a checkpoint being taken meanwhile keeps its objects.
 */
import type { ShadowGit } from './shadow-git';

export interface CollectorOptions {
  delayMs?: number;
  minIntervalMs?: number;
  /** git's `--prune=<date>`: unreachable objects older than this go. */
  pruneGrace?: string;
  log?: (message: string) => void;
}

export const DEFAULT_COLLECTOR = { delayMs: 30_000, minIntervalMs: 10 * 60_000, pruneGrace: '15.minutes.ago' } as const;

export class CheckpointCollector {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private lastStarted = Number.NEGATIVE_INFINITY;
  private closed = false;
  private readonly options: Required<CollectorOptions>;

  constructor(
    private readonly git: ShadowGit,
    options: CollectorOptions = {},
  ) {
    this.options = { ...DEFAULT_COLLECTOR, log: () => undefined, ...options };
  }

  /** Asks for a collection; it comes once the delay and the interval since the last one allow. */
  request(): void {
    if (this.closed || this.timer) return;
    const wait = Math.max(this.options.delayMs, this.lastStarted + this.options.minIntervalMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.collect();
    }, wait);
    this.timer.unref();
  }

  /** Collects now (after the one under way, if any); a failure is logged, never thrown. */
  async collect(): Promise<void> {
    await this.running;
    this.lastStarted = Date.now();
    this.running = this.collectOnce().finally(() => {
      this.running = undefined;
    });
    await this.running;
  }

  /** Cancels a waiting request and waits for a collection under way. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private async collectOnce(): Promise<void> {
    try {
      // Refs under refs/baton keep no reflog, but a reflog entry would keep a dropped checkpoint alive.
      await this.git.runAside(['reflog', 'expire', '--expire=now', '--expire-unreachable=now', '--all']);
      // Refs stay loose: packing them would hold packed-refs.lock, which a rewind's ref deletion needs meanwhile.
      await this.git.runAside(['-c', 'gc.packRefs=false', 'gc', '--quiet', `--prune=${this.options.pruneGrace}`]);
    } catch (error) {
      this.options.log(
        `could not collect the workspace checkpoints' garbage (the next collection tries again): ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}
