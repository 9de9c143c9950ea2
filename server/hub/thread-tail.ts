/**
 * The part of a thread's entries the recorder keeps in memory: the entries from `base` on, which
 * always hold the last entry and every entry that can still change (lib/thread/live-entries.ts).
 * A content folds into the tail as it would into the whole thread, so what a piece costs, what a
 * load reads and what a thread holds in memory do not grow with the thread. The entries before the
 * tail are final and are read from the store's rows when someone needs them.
 */
import type { ThreadEntry } from '../../lib/protocol/thread-model';
import type { ChatContent, ChatRole } from '../../lib/protocol/eca-chat';
import { applyChatContentInPlace } from '../../lib/thread/apply-chat-content';
import { firstLiveIndex } from '../../lib/thread/live-entries';

/** The final entries kept in memory besides the live ones: the first page of a tab, and some. */
export const TAIL_ENTRIES = 100;

export class ThreadTail {
  constructor(
    /** The position in the thread of `entries[0]`. */
    private start: number,
    private readonly entries: ThreadEntry[],
  ) {}

  get base(): number {
    return this.start;
  }

  /** How many entries the whole thread has. */
  get length(): number {
    return this.start + this.entries.length;
  }

  /** Folds the content in; the thread positions it changed or added, ascending. */
  fold(role: ChatRole, content: ChatContent): number[] {
    return applyChatContentInPlace(this.entries, role, content).map((index) => index + this.start);
  }

  /** The entry at a thread position within the tail. */
  at(position: number): ThreadEntry {
    const entry = this.entries[position - this.start];
    if (entry === undefined) throw new RangeError(`entry ${position} is not in the tail (${this.start} to ${this.length - 1})`);
    return entry;
  }

  /** A copy of the entries from thread position `from` (at least `base`) to the end. */
  from(from: number): ThreadEntry[] {
    return this.entries.slice(Math.max(0, from - this.start));
  }

  /** The live entries themselves: they change as contents are folded in. */
  get live(): readonly ThreadEntry[] {
    return this.entries;
  }

  /** Where the entries that can still change begin, else the entry count (the store's liveFrom). */
  liveFrom(): number {
    const index = firstLiveIndex(this.entries);
    return index === -1 ? this.length : this.start + index;
  }

  /**
   * Drops the entries from thread position `end` on (a rewind). Cut before the tail, it is left
   * empty at `end`: the entries before are the store's, and what comes next starts a new entry.
   */
  truncate(end: number): void {
    if (end >= this.length) return;
    if (end <= this.start) {
      this.entries.length = 0;
      this.start = end;
      return;
    }
    this.entries.length = end - this.start;
  }

  /**
   * Lets go of final entries beyond the last TAIL_ENTRIES, once the tail is twice that long (so the
   * copy is paid once per TAIL_ENTRIES entries). Only when every entry is written to the store.
   */
  trim(): void {
    if (this.entries.length < 2 * TAIL_ENTRIES) return;
    const start = Math.min(this.liveFrom(), this.length - TAIL_ENTRIES);
    if (start <= this.start) return;
    this.entries.splice(0, start - this.start);
    this.start = start;
  }
}
