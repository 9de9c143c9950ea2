/**
 * Contents the tabs were told but the store could not yet take (the disk was full, the database
 * locked): the end of a turn that storage cut short. Each already has its seq, so once written it
 * is exactly what the tabs saw; they are written in order, before anything newer, by the next
 * record and by a retry now and then, so that the history catches up without waiting for the user.
 */
import type { ThreadEvent } from '../../lib/protocol/thread-events';
import { StaleFencingError } from '../store/lease-fencing';
import type { EntryWrite, ThreadStore } from '../store/thread-store';
import type { FencedWrite } from './thread-ownership';

const RETRY_MS = 1_000;

interface OwedRecord {
  event: ThreadEvent;
  writes: EntryWrite[];
  liveFrom: number;
}

export class OwedRecords {
  private readonly owed: OwedRecord[] = [];
  private retryTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly threadId: string,
    private readonly store: ThreadStore,
    /** Runs a retry in the recorder's order, after what is already queued. */
    private readonly retry: () => void,
    private readonly fenced: FencedWrite,
  ) {}

  get isEmpty(): boolean {
    return this.owed.length === 0;
  }

  /** What is owed, oldest first. */
  events(): ThreadEvent[] {
    return this.owed.map((record) => record.event);
  }

  add(event: ThreadEvent, writes: EntryWrite[], liveFrom: number): void {
    this.owed.push({ event, writes, liveFrom });
    this.scheduleRetry();
  }

  /**
   * Writes what is owed, oldest first; throws the store's failure if it still cannot write. Once
   * another relay of a team took the thread over, what is owed can never be stored (that relay
   * closed the turn from what the store held): it is given up, not retried.
   */
  async pay(): Promise<void> {
    try {
      while (this.owed.length > 0) {
        const { event, writes, liveFrom } = this.owed[0]!;
        await this.fenced((fencing) => this.store.appendEvents(this.threadId, { events: [event], entries: writes, liveFrom, fencing }));
        this.owed.shift();
      }
    } catch (error) {
      if (!(error instanceof StaleFencingError)) throw error;
      this.owed.splice(0);
    }
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
  }

  scheduleRetry(): void {
    if (this.retryTimer || this.owed.length === 0) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.retry();
    }, RETRY_MS);
    // Owed records alone must not keep a stopping relay alive; the next start closes the turn itself.
    this.retryTimer.unref();
  }
}
