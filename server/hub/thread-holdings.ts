/**
 * The threads this relay of a team holds now (thread-ownership.ts), as the hub uses them: each
 * taken once however many calls want it at the same time, kept while any of them (a turn, a
 * hand-over, a rewind, a delete) is under way here, let go when the last ends; and what memory holds of a thread another relay may have written since is read again from
 * the store. The fencing number of each thread's last holding goes with the thread's writes, so that
 * a relay that lost a thread (it stalled past its lease while another took it) writes nothing more
 * into it (server/store/lease-fencing.ts). A single relay has no ownership: it holds every thread.
 */
import type { LiveThreads } from './live-threads';
import type { OpenThread } from './open-thread';
import { StaleFencingError } from '../store/lease-fencing';
import { type FencedWrite, ThreadHeldElsewhereError, type ThreadHolding, type ThreadOwnership, unfenced } from './thread-ownership';

export class ThreadHoldings {
  private readonly held = new Map<string, Promise<ThreadHolding>>();
  /** The fencing of each thread's last holding here: a take right after it means no other relay wrote meanwhile. */
  private readonly lastFencing = new Map<string, bigint>();
  /** The fencing the thread's writes carry: its last holding's, kept once lost, so that a late write is refused. */
  private readonly writeFencing = new Map<string, bigint>();
  /** How many calls use each thread now: a turn ending while a hand-over runs does not let the thread go under it. */
  private readonly uses = new Map<string, number>();

  constructor(
    private readonly ownership: ThreadOwnership | undefined,
    private readonly live: LiveThreads,
    private readonly log: (message: string) => void,
  ) {}

  /**
   * Holds the thread for this relay (it may already) until `release` is called as many times; what
   * memory holds of it is dropped when another relay may have written it since this one last held it.
   */
  async acquire(threadId: string): Promise<void> {
    const ownership = this.ownership;
    if (!ownership) return;
    this.uses.set(threadId, (this.uses.get(threadId) ?? 0) + 1);
    try {
      const holding = this.held.get(threadId);
      await (holding ?? this.takeFresh(ownership, threadId));
    } catch (error) {
      this.dropUse(threadId);
      throw error;
    }
  }

  private async takeFresh(ownership: ThreadOwnership, threadId: string): Promise<void> {
    const taking = this.take(ownership, threadId);
    this.held.set(threadId, taking);
    taking.catch(() => this.held.delete(threadId));
    const taken = await taking;
    const stale = this.lastFencing.get(threadId) !== taken.fencing - 1n;
    this.lastFencing.set(threadId, taken.fencing);
    this.writeFencing.set(threadId, taken.fencing);
    if (stale) this.forgetIdle(threadId);
  }

  /**
   * Takes over a thread whose owner's lease expired (the owner stopped): its turn left open is
   * closed with the reason, from what the store holds, and the thread is let go until its next prompt.
   */
  async takeOver(threadId: string, holding: ThreadHolding): Promise<void> {
    this.uses.set(threadId, (this.uses.get(threadId) ?? 0) + 1);
    holding.onLost(() => this.lost(threadId));
    this.held.set(threadId, Promise.resolve(holding));
    this.lastFencing.set(threadId, holding.fencing);
    this.writeFencing.set(threadId, holding.fencing);
    try {
      this.forgetIdle(threadId);
      await this.live.use(threadId, () => undefined);
    } finally {
      await this.release(threadId);
    }
  }

  /**
   * The thread's live session, read again from the store first when another relay of a team may
   * have written the thread since it was loaded: one this relay does not hold now.
   */
  useFresh<T>(threadId: string, use: (opened: OpenThread) => T | Promise<T>): Promise<T> {
    // A session still writing what this relay recorded is the latest: no other relay wrote after it.
    if (!this.holdsOrAlone(threadId) && this.live.loadedThread(threadId)?.recorder.isIdle !== false) this.forgetIdle(threadId);
    return this.live.use(threadId, use);
  }

  /**
   * Runs `change` holding the thread (a team's other relays neither run nor change it meanwhile),
   * on what the store holds if another relay wrote it since; throws ThreadHeldElsewhereError when
   * another relay holds it. Let go after, unless another use (a turn started meanwhile) still holds it.
   */
  async whileHeld<T>(threadId: string, change: () => Promise<T>): Promise<T> {
    if (!this.ownership) return change();
    await this.acquire(threadId);
    try {
      return await change();
    } finally {
      const opened = this.live.loadedThread(threadId);
      try {
        // What the change recorded is stored before another relay may take the thread and read it.
        if (!opened?.session.isRunning) await opened?.recorder.settled();
      } finally {
        await this.release(threadId);
      }
    }
  }

  /** Drops what memory holds of a thread no turn runs in here, so that its next use reads the store. */
  forgetIdle(threadId: string): void {
    const opened = this.live.loadedThread(threadId);
    if (opened && !opened.session.isRunning) this.live.forget(threadId, opened);
  }

  /** The thread's writes, under the fencing number of its last holding here (FencedWrite, thread-ownership.ts). */
  fencedWrite(threadId: string): FencedWrite {
    if (!this.ownership) return unfenced;
    return async (write) => {
      const fencing = this.writeFencing.get(threadId);
      try {
        return await write(fencing);
      } catch (error) {
        if (error instanceof StaleFencingError) this.refused(threadId, error.fencing);
        throw error;
      }
    };
  }

  /** Throws ThreadHeldElsewhereError when the thread is not held here and another relay holds it. */
  async assertNotElsewhere(threadId: string): Promise<void> {
    if (!this.ownership || this.held.has(threadId)) return;
    const holder = await this.ownership.holderElsewhere(threadId);
    if (holder !== undefined) throw new ThreadHeldElsewhereError(threadId, holder);
  }

  /** Why a turn left open is closed on opening the thread; undefined while another relay holds it. */
  async interruptedReason(threadId: string): Promise<string | undefined> {
    if (!this.holdsOrAlone(threadId)) return undefined;
    const from = (await this.held.get(threadId))?.takenOverFrom;
    if (from === undefined || !this.ownership) return 'the relay stopped before this turn finished.';
    return `relay ${from} stopped before this turn finished; relay ${this.ownership.relayId} took the thread over.`;
  }

  /** One use of the thread (acquire, takeOver) ended: the last lets it go. */
  async release(threadId: string): Promise<void> {
    if (!this.ownership || this.dropUse(threadId) > 0) return;
    await this.letGo(threadId);
  }

  async releaseAll(): Promise<void> {
    this.uses.clear();
    await Promise.allSettled([...this.held.keys()].map((threadId) => this.letGo(threadId)));
  }

  /** How many uses of the thread are left once one ended. */
  private dropUse(threadId: string): number {
    const left = (this.uses.get(threadId) ?? 1) - 1;
    if (left > 0) this.uses.set(threadId, left);
    else this.uses.delete(threadId);
    return left;
  }

  private async letGo(threadId: string): Promise<void> {
    const holding = this.held.get(threadId);
    if (!holding) return;
    this.held.delete(threadId);
    await (await holding).release();
  }

  /** Whether this relay holds the thread now (or needs none: a single relay). */
  private holdsOrAlone(threadId: string): boolean {
    return !this.ownership || this.held.has(threadId);
  }

  private async take(ownership: ThreadOwnership, threadId: string): Promise<ThreadHolding> {
    const outcome = await ownership.take(threadId);
    if (outcome.kind === 'elsewhere') throw new ThreadHeldElsewhereError(threadId, outcome.relayId);
    outcome.holding.onLost(() => this.lost(threadId));
    return outcome.holding;
  }

  /** The store refused a write under the thread's fencing: another relay took it, and the turn here stops. */
  private refused(threadId: string, fencing: bigint): void {
    const holding = this.held.get(threadId);
    if (!holding) return;
    holding
      .then(async (held) => {
        // A holding taken since the refused write began is not the one that lost the thread.
        if (held.fencing !== fencing || this.held.get(threadId) !== holding) return;
        this.log(`the store refused a write to thread ${threadId} under fencing ${fencing}: another relay took the thread over`);
        this.lost(threadId);
        // Its renewals stop; its release changes nothing, the lease having moved on.
        await held.release();
      })
      .catch((error: unknown) => this.log(`could not let thread ${threadId} go: ${String(error)}`));
  }

  /** Another relay may take the thread now: a turn still running here must not write beside it. */
  private lost(threadId: string): void {
    this.held.delete(threadId);
    this.lastFencing.delete(threadId);
    this.log(`lost the lease of thread ${threadId}: its turn here stops`);
    this.live.loadedThread(threadId)?.session.stop();
  }
}
