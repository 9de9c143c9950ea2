/**
 * Which relay of a team runs a thread's agent: the hub takes a thread before a turn, keeps it
 * while the turn runs and lets it go once idle (thread-holdings.ts). The ownership itself (a
 * lease with a fencing number, server/relay/team/thread-leases.ts) is given to the hub; a single
 * relay has none and always owns every thread.
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

/**
 * Runs a write of a thread under the fencing number of this relay's holding of it (none on a single
 * relay, nor for a thread never held here), for the store to check (server/store/lease-fencing.ts),
 * and hears of the store's refusal: the thread was taken over, and its turn here stops.
 */
export type FencedWrite = <T>(write: (fencing: bigint | undefined) => Promise<T>) => Promise<T>;

/** A single relay's writes: no lease, nothing to check. */
export const unfenced: FencedWrite = (write) => write(undefined);

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
