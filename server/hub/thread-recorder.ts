/**
 * Records a thread's contents. Each is folded into the entries and given the thread's next
 * sequence number, and is committed to the store before it is handed on to the tabs, so whatever
 * a tab saw is already stored. Contents are committed in small batches: what arrived while the
 * previous batch was being written, or within GATHER_MS for streamed pieces, up to MAX_BATCH, in one
 * transaction (a group commit: at a low rate every content is its own batch, at a high rate the
 * batches grow and the delay stays about one transaction). Streamed pieces are stored as events; the entries they grow are rewritten at most
 * every ENTRY_WRITE_INTERVAL_MS, and at once when anything else happens (a new entry, a tool
 * call's status, the end of the turn). A load replays the events after the stored entries.
 * Only the thread's tail is kept in memory (thread-tail.ts): a load reads the last entries, not
 * every entry, and the older ones are read from the store when the whole thread is asked for.
 */
import type { ThreadEntry } from '../../lib/protocol/acp-threads';
import { type ChatContent, ChatContentSchema, type ChatContentInput, type ChatRole } from '../../lib/protocol/eca-chat';
import type { SequencedContentReceivedParams, ThreadEvent } from '../../lib/protocol/thread-events';
import { type StoreWriteError, storeWriteFailure } from '../store/store-failure';
import type { EntryWrite, ThreadStore } from '../store/thread-store';
import { OwedRecords } from './owed-records';
import { TAIL_ENTRIES, ThreadTail } from './thread-tail';

export type ContentListener = (params: SequencedContentReceivedParams) => void;

/** The most contents one transaction carries, which bounds how long a batch takes. */
export const MAX_BATCH = 512;
/** How often, at most, a growing entry is rewritten while pieces stream into it. */
export const ENTRY_WRITE_INTERVAL_MS = 500;
/** How long streamed pieces may wait for more to join their batch: bounds the latency this adds. */
export const GATHER_MS = 1;
/** Pieces waiting for the store beyond this make the agent's emit wait for a batch to commit. */
const HIGH_WATER = 4 * MAX_BATCH;

interface Queued {
  role: ChatRole;
  content: ChatContent;
  /** Present for a content whose caller waits until it is committed and broadcast. */
  done?: { resolve(): void; reject(error: unknown): void };
}

/** A piece that continues an entry: text, thinking, tool arguments or output, as models stream them. */
export function isStreamedPiece(content: ChatContent): boolean {
  return (
    content.type === 'text' ||
    content.type === 'reasonText' ||
    content.type === 'toolCallPrepare' ||
    (content.type === 'toolCallRunning' && content.outputChunk !== undefined)
  );
}

interface RecorderState {
  tail: ThreadTail;
  lastSeq: number;
  /** Entries the replayed events changed, which the stored rows do not have yet. */
  unwritten: number[];
}

/** The stored tail brought up to the thread's last event. */
async function loadState(threadId: string, store: ThreadStore): Promise<RecorderState> {
  const stored = await store.loadTail(threadId, TAIL_ENTRIES);
  const tail = new ThreadTail(stored.firstIndex, stored.entries);
  const events = await store.getEventsAfter(threadId, stored.seq);
  const unwritten = new Set<number>();
  for (const event of events) {
    for (const index of tail.fold(event.role, event.content)) unwritten.add(index);
  }
  return { tail, lastSeq: events.at(-1)?.seq ?? stored.seq, unwritten: [...unwritten] };
}

/** Entries from `firstIndex` on, the seq they stand at; `firstIndex` absent for the whole thread. */
export interface RecordedEntries {
  entries: ThreadEntry[];
  lastSeq: number;
  firstIndex?: number;
}

export class ThreadRecorder {
  private readonly queue: Queued[] = [];
  private flushing: Promise<void> | undefined;
  private flushScheduled = false;
  private readonly flushWaiters: Array<() => void> = [];
  /** Entries changed since their rows were last written. */
  private readonly unwritten = new Set<number>();
  private lastEntryWrite = performance.now();
  /** A batch of pieces that could not be stored: the agent's next emit fails with it. */
  private pieceFailure: unknown;
  /** Set when the store could not even be read back after a failed write: nothing more is taken. */
  private broken: unknown;
  /** Contents the tabs were told while the store could not write, stored before anything newer. */
  private readonly owed: OwedRecords;
  /** Why the last write failed, until one succeeds again: the reason a turn cut short is given. */
  storeFailure: StoreWriteError | undefined;

  private constructor(
    readonly threadId: string,
    private tail: ThreadTail,
    private lastSeq: number,
    private readonly store: ThreadStore,
    private readonly onRecorded: ContentListener,
  ) {
    this.owed = new OwedRecords(threadId, store, () => this.retryOwed());
  }

  static async load(threadId: string, store: ThreadStore, onRecorded: ContentListener): Promise<ThreadRecorder> {
    const state = await loadState(threadId, store);
    const recorder = new ThreadRecorder(threadId, state.tail, state.lastSeq, store, onRecorded);
    for (const index of state.unwritten) recorder.unwritten.add(index);
    return recorder;
  }

  /**
   * The committed entries and the seq of the last event in them, taken together: every entry, or
   * with `limit` the last `limit`, reaching back to the first entry that can still change (so that a
   * live event always finds its entry), and where they start.
   */
  async snapshot(limit?: number): Promise<RecordedEntries> {
    // While a batch is being written the entries already hold it; they are what tabs saw only after.
    while (this.flushing) await this.flushing;
    const { tail, lastSeq } = this;
    const firstIndex = Math.min(limit === undefined ? 0 : Math.max(0, tail.length - limit), tail.liveFrom());
    const recent = tail.from(firstIndex);
    const older = firstIndex < tail.base ? await this.store.getEntriesPage(this.threadId, { before: tail.base, limit: tail.base - firstIndex }) : undefined;
    // The entries before the tail are final and stored: reading them after the tail was taken is the same.
    const entries = older === undefined ? recent : [...older.entries, ...recent];
    return limit === undefined ? { entries, lastSeq } : { entries, lastSeq, firstIndex: older?.firstIndex ?? firstIndex };
  }

  /** Every entry once everything recorded so far is committed: the history an agent's turn starts from. */
  async history(): Promise<ThreadEntry[]> {
    await this.settled();
    return (await this.snapshot()).entries;
  }

  /** How many entries the thread has once everything recorded so far is committed. */
  async entryCount(): Promise<number> {
    await this.settled();
    return this.tail.length;
  }

  /**
   * The tail of the entries once everything recorded so far is committed: the last entry and every
   * entry that can still change. Live: it changes as contents come.
   */
  async settled(): Promise<readonly ThreadEntry[]> {
    while (this.flushing || this.queue.length > 0) await this.nextFlush();
    return this.tail.live;
  }

  /** The seq of the last event recorded (or owed) so far. */
  get lastRecordedSeq(): number {
    return this.lastSeq;
  }

  /**
   * Cuts the thread to its first `toEntry` entries, and its events to those before
   * `firstRemovedEvent`, in one transaction with a `threadRewound` event numbered after every
   * event the thread ever had: a tab replaying by seq cuts its entries there too, and no seq is
   * ever given twice. Written as a batch of its own, so nothing is recorded in between.
   */
  async rewindTo(toEntry: number, firstRemovedEvent: number): Promise<void> {
    while (!this.isIdle) await this.settled();
    if (this.broken !== undefined) throw this.broken;
    if (!this.owed.isEmpty) throw this.storeFailure ?? new Error(`Thread ${this.threadId} has contents still to store; try again.`);
    const marker = { seq: this.lastSeq + 1, role: 'system' as const, content: ChatContentSchema.parse({ type: 'threadRewound', toEntry }) };
    const entries = [...this.unwritten].filter((index) => index < toEntry).map((seq) => ({ seq, entry: this.tail.at(seq) }));
    const rewound = (async () => {
      await this.store.history.rewindThread(this.threadId, { keepEntries: toEntry, firstRemovedEvent, marker, entries });
      this.tail.truncate(toEntry);
      this.unwritten.clear();
      this.lastSeq = marker.seq;
      this.onRecorded({ chatId: this.threadId, role: marker.role, content: marker.content, seq: marker.seq });
    })();
    this.flushing = rewound
      // The caller hears of a failure through `rewound`; the recorder only has to go on.
      .catch(() => undefined)
      .finally(() => {
        this.flushing = undefined;
        for (const wake of this.flushWaiters.splice(0)) wake();
        if (this.queue.length > 0) this.startFlush();
      });
    await rewound;
  }

  /** A new turn starts: a failure of the last turn's pieces belongs to that turn, which it already ended. */
  startTurn(): void {
    this.pieceFailure = undefined;
  }

  /** Nothing waits to be written: the recorder can be let go without losing anything. */
  get isIdle(): boolean {
    return this.queue.length === 0 && !this.flushing && !this.flushScheduled;
  }

  /** Its entries may no longer match the store; only a fresh load can be trusted. */
  get isBroken(): boolean {
    return this.broken !== undefined;
  }

  /** Resolves once the content is committed and sent to the tabs. */
  record(role: ChatRole, input: ChatContentInput): Promise<void> {
    const content = ChatContentSchema.parse(input);
    return new Promise((resolve, reject) => this.enqueue({ role, content, done: { resolve, reject } }));
  }

  /**
   * Records the content, or, when the store cannot write (or could not a moment ago), tells the
   * tabs at once with the seq it will have and stores it once the store can: how the end of a turn
   * reaches the user while the disk is full or the database locked.
   */
  async recordOrOwe(role: ChatRole, input: ChatContentInput): Promise<void> {
    const content = ChatContentSchema.parse(input);
    if (this.owed.isEmpty && !this.storeFailure) {
      try {
        await this.record(role, content);
        return;
      } catch (error) {
        if (!this.storeFailure) throw error;
      }
    }
    // Owed contents take the seqs after everything queued, so nothing is numbered twice.
    await this.settled();
    const seq = this.lastSeq + 1;
    for (const index of this.tail.fold(role, content)) this.unwritten.add(index);
    // Every entry not written yet goes with it, so the rows stand at this seq, as the store records.
    this.owed.add({ seq, role, content }, this.unwrittenEntries(), this.tail.liveFrom());
    this.lastSeq = seq;
    this.onRecorded({ chatId: this.threadId, role, content, seq });
  }

  /**
   * What an agent's emit calls: a streamed piece resolves once accepted (the agent goes on reading
   * its stream while the batch is written), anything else once recorded, as `record` does.
   */
  emit(role: ChatRole, input: ChatContentInput): Promise<void> {
    const content = ChatContentSchema.parse(input);
    if (!isStreamedPiece(content)) return new Promise((resolve, reject) => this.enqueue({ role, content, done: { resolve, reject } }));
    if (this.broken !== undefined) return Promise.reject(this.broken);
    if (this.pieceFailure !== undefined) {
      const failure = this.pieceFailure;
      this.pieceFailure = undefined;
      return Promise.reject(failure);
    }
    this.enqueue({ role, content });
    return this.queue.length >= HIGH_WATER ? this.nextFlush() : Promise.resolve();
  }

  private enqueue(item: Queued): void {
    if (this.broken !== undefined) {
      item.done?.reject(this.broken);
      return;
    }
    this.queue.push(item);
    this.scheduleFlush();
  }

  /**
   * Writes what is queued soon. Streamed pieces gather for GATHER_MS first: a fast stream is then
   * written in batches of many pieces rather than in as many small transactions as network reads,
   * each of which costs about as much as a large one. Anything else (a prompt, a tool call's
   * status, the end of a turn), or a full batch, goes with the rest of this turn of the event loop.
   */
  private scheduleFlush(): void {
    if (this.flushing || this.flushScheduled || this.queue.length === 0) return;
    this.flushScheduled = true;
    const flushNow = () => {
      this.flushScheduled = false;
      this.startFlush();
    };
    const onlyPieces = this.queue.length < MAX_BATCH && this.queue.every((item) => item.done === undefined);
    if (onlyPieces) setTimeout(flushNow, GATHER_MS);
    else setImmediate(flushNow);
  }

  private startFlush(): void {
    if (this.queue.length === 0) return;
    this.flushing = this.flush(this.queue.splice(0, MAX_BATCH)).finally(() => {
      this.flushing = undefined;
      for (const wake of this.flushWaiters.splice(0)) wake();
      // What arrived during this write is the next batch.
      this.scheduleFlush();
    });
  }

  private nextFlush(): Promise<void> {
    return new Promise((resolve) => this.flushWaiters.push(resolve));
  }

  /** Never rejects: a failed write is reported to those who wait for it. */
  private async flush(batch: Queued[]): Promise<void> {
    if (!this.owed.isEmpty) {
      try {
        await this.payOwed();
      } catch (error) {
        // Nothing of the batch was folded in yet: it fails as it is, and the owed wait for a retry.
        for (const item of batch) item.done?.reject(error);
        if (batch.some((item) => item.done === undefined)) this.pieceFailure ??= error;
        return;
      }
    }
    const events: ThreadEvent[] = [];
    let structural = false;
    for (const { role, content } of batch) {
      const lengthBefore = this.tail.length;
      for (const index of this.tail.fold(role, content)) {
        this.unwritten.add(index);
        if (index >= lengthBefore) structural = true;
      }
      if (!isStreamedPiece(content)) structural = true;
      events.push({ seq: this.lastSeq + events.length + 1, role, content });
    }
    const now = performance.now();
    const writeEntries = structural || (this.unwritten.size > 0 && now - this.lastEntryWrite >= ENTRY_WRITE_INTERVAL_MS);
    const entries = writeEntries ? this.unwrittenEntries() : undefined;
    const liveFrom = writeEntries ? this.tail.liveFrom() : undefined;
    try {
      await this.store.appendEvents(this.threadId, { events, entries, liveFrom });
    } catch (error) {
      this.storeFailure = storeWriteFailure(error);
      await this.recoverFrom(this.storeFailure ?? error, batch);
      return;
    }
    this.storeFailure = undefined;
    this.lastSeq += events.length;
    if (writeEntries) {
      this.unwritten.clear();
      this.lastEntryWrite = now;
      this.tail.trim();
    }
    for (const [index, event] of events.entries()) {
      this.onRecorded({ chatId: this.threadId, role: event.role, content: event.content, seq: event.seq });
      batch[index]?.done?.resolve();
    }
  }

  private unwrittenEntries(): EntryWrite[] {
    return [...this.unwritten].map((seq) => ({ seq, entry: this.tail.at(seq) }));
  }

  private async payOwed(): Promise<void> {
    try {
      await this.owed.pay();
    } catch (error) {
      this.storeFailure = storeWriteFailure(error);
      this.owed.scheduleRetry();
      throw this.storeFailure ?? error;
    }
    this.storeFailure = undefined;
  }

  /** A timed retry of what is owed, in the recorder's order: a write under way pays it first anyway. */
  private retryOwed(): void {
    if (!this.isIdle) return this.owed.scheduleRetry();
    this.flushing = this.payOwed()
      // payOwed kept the failure (storeFailure) and scheduled the next retry; nobody else waits on it.
      .catch(() => undefined)
      .finally(() => {
        this.flushing = undefined;
        for (const wake of this.flushWaiters.splice(0)) wake();
        if (this.queue.length > 0) this.startFlush();
      });
  }

  /**
   * The batch is not stored: the entries go back to what is (they already hold the batch), and
   * those waiting for it hear why. Later contents go on, as the thread's next events.
   */
  private async recoverFrom(error: unknown, batch: readonly Queued[]): Promise<void> {
    try {
      const state = await loadState(this.threadId, this.store);
      this.tail = state.tail;
      this.lastSeq = state.lastSeq;
      this.unwritten.clear();
      for (const index of state.unwritten) this.unwritten.add(index);
      // What the tabs were told but the store does not have yet is still the thread's.
      for (const event of this.owed.events()) {
        for (const index of this.tail.fold(event.role, event.content)) this.unwritten.add(index);
        this.lastSeq = event.seq;
      }
    } catch (reloadError) {
      // The store cannot even be read: fail everything still queued too rather than number it wrong.
      this.broken = reloadError;
      for (const item of this.queue.splice(0)) item.done?.reject(reloadError);
    }
    for (const item of batch) item.done?.reject(error);
    if (batch.some((item) => item.done === undefined)) this.pieceFailure ??= error;
  }
}
