/**
 * Which relay of a team runs a thread's agent: the hub takes a thread before a turn, keeps it
 * while the turn runs and lets it go once idle. The ownership itself (a lease with a fencing
 * number, server/relay/team/thread-leases.ts) is given to the hub; a single relay has none and
 * always owns every thread.
 */

/** A thread this relay holds until it lets it go; renewed by whoever made it. */
export interface ThreadHolding {
  /** One more on every take: a higher number tells a relay that lost the thread from the one that took it. */
  readonly fencing: bigint;
  /** The relay that held the thread before this take, when another one's expired lease was taken over. */
  readonly takenOverFrom?: string;
  /** Called once if the holding could not be renewed and another relay may take the thread. */
  onLost(lost: () => void): void;
  release(): Promise<void>;
}

export type TakeOutcome = { kind: 'taken'; holding: ThreadHolding } | { kind: 'elsewhere'; relayId: string };

export interface ThreadOwnership {
  /** This relay's name in its team. */
  readonly relayId: string;
  /** Takes the thread, unless another relay holds an unexpired lease on it. */
  take(threadId: string): Promise<TakeOutcome>;
  /** The other relay holding an unexpired lease on the thread, if any. */
  holderElsewhere(threadId: string): Promise<string | undefined>;
}

/** Thrown by the hub for a thread another relay runs; the relay forwards the call there (server/relay/team). */
export class ThreadHeldElsewhereError extends Error {
  constructor(
    readonly threadId: string,
    readonly relayId: string,
  ) {
    super(`thread ${threadId} runs on relay ${relayId}`);
  }
}

/** The threads this relay holds now, each taken once however many calls want it at the same time. */
export class ThreadHoldings {
  private readonly held = new Map<string, Promise<ThreadHolding>>();
  /** The fencing of each thread's last holding here: a take right after it means no other relay wrote meanwhile. */
  private readonly lastFencing = new Map<string, bigint>();

  constructor(
    private readonly ownership: ThreadOwnership | undefined,
    private readonly onLost: (threadId: string) => void,
  ) {}

  /**
   * Holds the thread for this relay (it may already). `stale` when another relay may have written
   * the thread since this one last held it: what memory holds of it must be read again.
   * `taken` when this call took it, so that a failure before the turn lets it go again.
   */
  async acquire(threadId: string): Promise<{ taken: boolean; stale: boolean }> {
    if (!this.ownership) return { taken: false, stale: false };
    const holding = this.held.get(threadId);
    if (holding) {
      await holding;
      return { taken: false, stale: false };
    }
    const taking = this.take(this.ownership, threadId);
    this.held.set(threadId, taking);
    taking.catch(() => this.held.delete(threadId));
    const taken = await taking;
    const stale = this.lastFencing.get(threadId) !== taken.fencing - 1n;
    this.lastFencing.set(threadId, taken.fencing);
    return { taken: true, stale };
  }

  /** Records a holding taken elsewhere (a takeover of an expired lease) as this relay's. */
  adopt(threadId: string, holding: ThreadHolding): void {
    holding.onLost(() => this.lost(threadId));
    this.held.set(threadId, Promise.resolve(holding));
    this.lastFencing.set(threadId, holding.fencing);
  }

  /** Whether this relay holds the thread now (or needs none: a single relay). */
  holdsOrAlone(threadId: string): boolean {
    return !this.ownership || this.held.has(threadId);
  }

  /** Throws ThreadHeldElsewhereError when the thread is not held here and another relay holds it. */
  async assertNotElsewhere(threadId: string): Promise<void> {
    if (!this.ownership || this.held.has(threadId)) return;
    const holder = await this.ownership.holderElsewhere(threadId);
    if (holder !== undefined) throw new ThreadHeldElsewhereError(threadId, holder);
  }

  /** Why this relay closes the thread's interrupted turn: a takeover names the relay that stopped. */
  async interruptedReason(threadId: string): Promise<string> {
    const from = (await this.held.get(threadId))?.takenOverFrom;
    if (from === undefined || !this.ownership) return 'the relay stopped before this turn finished.';
    return `relay ${from} stopped before this turn finished; relay ${this.ownership.relayId} took the thread over.`;
  }

  async release(threadId: string): Promise<void> {
    const holding = this.held.get(threadId);
    if (!holding) return;
    this.held.delete(threadId);
    await (await holding).release();
  }

  async releaseAll(): Promise<void> {
    await Promise.allSettled([...this.held.keys()].map((threadId) => this.release(threadId)));
  }

  private async take(ownership: ThreadOwnership, threadId: string): Promise<ThreadHolding> {
    const outcome = await ownership.take(threadId);
    if (outcome.kind === 'elsewhere') throw new ThreadHeldElsewhereError(threadId, outcome.relayId);
    outcome.holding.onLost(() => this.lost(threadId));
    return outcome.holding;
  }

  private lost(threadId: string): void {
    this.held.delete(threadId);
    this.lastFencing.delete(threadId);
    this.onLost(threadId);
  }
}
