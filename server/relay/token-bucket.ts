/**
 * A token bucket: `capacity` messages may arrive at once, then `perSecond` on average. Time comes
 * from a clock passed in, so tests need not sleep.
 */
export interface TokenBucketOptions {
  capacity: number;
  perSecond: number;
  now?: () => number;
}

export class TokenBucket {
  private tokens: number;
  private updatedAt: number;
  private readonly now: () => number;

  constructor(private readonly options: TokenBucketOptions) {
    this.now = options.now ?? (() => performance.now());
    this.tokens = options.capacity;
    this.updatedAt = this.now();
  }

  /** Takes `count` tokens if there are that many; otherwise takes none. */
  tryTake(count = 1): boolean {
    this.refill();
    if (this.tokens < count) return false;
    this.tokens -= count;
    return true;
  }

  /** How long until `count` tokens are there, in milliseconds. */
  waitMs(count = 1): number {
    this.refill();
    if (count > this.options.capacity) return Number.POSITIVE_INFINITY;
    return Math.max(0, Math.ceil(((count - this.tokens) / this.options.perSecond) * 1000));
  }

  private refill(): void {
    const now = this.now();
    const elapsedSeconds = Math.max(0, now - this.updatedAt) / 1000;
    this.tokens = Math.min(this.options.capacity, this.tokens + elapsedSeconds * this.options.perSecond);
    this.updatedAt = now;
  }
}
