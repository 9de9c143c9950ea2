/**
 * Tool call (and reasoning) ids that come from outside, from a model endpoint or an external
 * agent, made unique within the thread. The thread keys its entries by id, so a second call that
 * reused an id would merge into the first and the review would hide a call that ran. An id the
 * thread does not hold yet is kept as it is (the usual case, and what an agent's approval refers
 * to); a reused one gets a `~2`, `~3`, ... suffix. Every adapter maps its incoming ids here.
 */
import type { ThreadEntry } from '../../lib/protocol/thread-model';

export class UniqueIds {
  /** The outside id → the Baton id of the call it names now. */
  private readonly current = new Map<string, string>();
  /** Outside ids whose call is over: the next call that opens with one is a new call. */
  private readonly ended = new Set<string>();

  /** `used`: every id the thread holds or this turn has given out, shared by the maps `beside` makes. */
  private constructor(private readonly used: Set<string>) {}

  static forThread(history: readonly ThreadEntry[]): UniqueIds {
    const used = new Set<string>();
    for (const entry of history) {
      if (entry.type === 'toolCall' || entry.type === 'reasoning') used.add(entry.id);
    }
    return new UniqueIds(used);
  }

  /** Another map of outside ids (reasoning beside tool calls) that gives out none of this one's ids. */
  beside(): UniqueIds {
    return new UniqueIds(this.used);
  }

  /** Whether the call `outsideId` last named is over. */
  hasEnded(outsideId: string): boolean {
    return this.ended.has(outsideId);
  }

  /** A call that is new for certain (a separate block of the model's answer): always a fresh id. */
  fresh(outsideId: string): string {
    let id = outsideId;
    for (let copy = 2; this.used.has(id); copy++) id = `${outsideId}~${copy}`;
    this.used.add(id);
    this.current.set(outsideId, id);
    this.ended.delete(outsideId);
    return id;
  }

  /**
   * The Baton id for a content about `outsideId`. `opens`: the content can start a call (a
   * prepare, a run, ACP's `tool_call`); it continues the current call unless that one is over.
   */
  idFor(outsideId: string, opens: boolean): string {
    const known = this.current.get(outsideId);
    if (known !== undefined && !(opens && this.ended.has(outsideId))) return known;
    return this.fresh(outsideId);
  }

  /** The call `outsideId` names is over; returns its Baton id. */
  end(outsideId: string): string {
    const id = this.idFor(outsideId, false);
    this.ended.add(outsideId);
    return id;
  }
}
