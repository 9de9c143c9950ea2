/**
 * Records a thread's contents. Each is folded into the entries and given the thread's next
 * sequence number, and is committed to the store before it is handed on to the tabs, so whatever
 * a tab saw is already stored. Contents are committed in small batches (write-batches.ts): what
 * arrived while the previous batch was being written, up to MAX_BATCH, in one transaction.
 * Streamed pieces are stored as events, the first of an answer too; the entries they open and
 * grow are written at most every ENTRY_WRITE_INTERVAL_MS, once they have doubled (ENTRY_GROWTH)
 * and grown by ENTRY_MIN_PIECES pieces, and at once when anything else happens (an entry that is not a
 * piece's, a tool call's status, the end of the turn). A growing entry's search text waits for
 * that last write: rewriting and re-indexing a long answer costs as much as it is long, and on
 * the event loop's thread that is a pause in every tab's stream. A load replays the events after
 * the stored entries.
 * Only the thread's tail is kept in memory (thread-tail.ts): a load reads the last entries, not
 * every entry, and the older ones are read from the store when the whole thread is asked for.
 */
import type { ThreadEntry } from '../../lib/protocol/thread-model';
import { type ChatContent, ChatContentSchema, type ChatContentInput, type ChatRole, parseChatContent } from '../../lib/protocol/eca-chat';
import type { SequencedContentReceivedParams, ThreadEvent } from '../../lib/protocol/thread-events';
import { type StoreWriteError, storeWriteFailure } from '../store/store-failure';
import type { ThreadStore } from '../store/thread-store';
import { EntryWrites } from './entry-writes';
import { OwedRecords } from './owed-records';
import { foldRunEnd, joinedPiece } from './piece-folds';
import { isStreamedPiece, loadRecordedState, type RecordedEntries } from './recorded-state';
import type { ThreadTail } from './thread-tail';
import { type FencedWrite, unfenced } from './thread-ownership';
import { HIGH_WATER, MAX_BATCH } from './recording-limits';
import { type Waiter, WriteBatches } from './write-batches';

export { isStreamedPiece, type RecordedEntries } from './recorded-state';

export type ContentListener = (params: SequencedContentReceivedParams) => void;

/** What an emitted piece's caller gets while the queue is short: one settled promise, not one per piece. */
const ACCEPTED: Promise<void> = Promise.resolve();

/**
 * A content that changes no entry and no stored fact: a thread's new title, which comes as its
 * first answer starts. It is stored as an event alone, so it never turns the first piece's
 * commit into an entry write.
 */
function isEventOnly(content: ChatContent): boolean {
  return content.type === 'metadata';
}

/** A content whose commit writes the entries it changes (and every entry not written yet). */
function writesEntries(content: ChatContent): boolean {
  return !isStreamedPiece(content) && !isEventOnly(content);
}

interface Queued {
  role: ChatRole;
  content: ChatContent;
  /** Present for a content whose caller waits until it is committed and broadcast. */
  done?: Waiter;
}

export class ThreadRecorder {
  private readonly batches = new WriteBatches<Queued>((batch) => this.flush(batch), { maxBatch: MAX_BATCH });
  /** The entries still to write, and when the growing ones are due. */
  private readonly entryWrites = new EntryWrites((position) => this.tail.at(position));
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
    /** On a team, every write carries this relay's lease on the thread (thread-ownership.ts). */
    private readonly fenced: FencedWrite,
  ) {
    this.owed = new OwedRecords(threadId, store, () => this.retryOwed(), fenced);
  }

  static async load(threadId: string, store: ThreadStore, onRecorded: ContentListener, fenced = unfenced): Promise<ThreadRecorder> {
    const state = await loadRecordedState(threadId, store);
    const recorder = new ThreadRecorder(threadId, state.tail, state.lastSeq, store, onRecorded, fenced);
    recorder.entryWrites.changed(state.unwritten);
    return recorder;
  }

  /**
   * The committed entries and the seq of the last event in them, taken together: every entry, or
   * with `limit` the last `limit`, reaching back to the first entry that can still change (so that a
   * live event always finds its entry), and where they start.
   */
  async snapshot(limit?: number): Promise<RecordedEntries> {
    // While a batch is being written the entries already hold it; they are what tabs saw only after.
    await this.batches.written();
    const { tail, lastSeq } = this;
    const firstIndex = Math.min(limit === undefined ? 0 : Math.max(0, tail.length - limit), tail.liveFrom());
    const recent = tail.from(firstIndex);
    const older =
      firstIndex < tail.base
        ? await this.store.getEntriesPage(this.threadId, { before: tail.base, limit: tail.base - firstIndex })
        : undefined;
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
    await this.batches.settled();
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
    const entries = this.entryWrites.keptByRewind(toEntry);
    // Written as the next batch, alone; the caller hears of a failure, the recorder goes on.
    await this.batches.exclusive(async () => {
      const rewind = { keepEntries: toEntry, firstRemovedEvent, marker, entries };
      await this.fenced((fencing) => this.store.history.rewindThread(this.threadId, { ...rewind, fencing }));
      this.tail.truncate(toEntry);
      this.entryWrites.rewound();
      this.lastSeq = marker.seq;
      this.onRecorded({ chatId: this.threadId, role: marker.role, content: marker.content, seq: marker.seq });
    });
  }

  /** A new turn starts: a failure of the last turn's pieces belongs to that turn, which it already ended. */
  startTurn(): void {
    this.pieceFailure = undefined;
  }

  /** Nothing waits to be written: the recorder can be let go without losing anything. */
  get isIdle(): boolean {
    return this.batches.isIdle;
  }

  /** Its entries may no longer match the store; only a fresh load can be trusted. */
  get isBroken(): boolean {
    return this.broken !== undefined;
  }

  /** Resolves once the content is committed and sent to the tabs. */
  record(role: ChatRole, input: ChatContentInput): Promise<void> {
    const content = parseChatContent(input);
    return new Promise((resolve, reject) => this.enqueue({ role, content, done: { resolve, reject } }));
  }

  /**
   * Records the content, or, when the store cannot write (or could not a moment ago), tells the
   * tabs at once with the seq it will have and stores it once the store can: how the end of a turn
   * reaches the user while the disk is full or the database locked.
   */
  async recordOrOwe(role: ChatRole, input: ChatContentInput): Promise<void> {
    const content = parseChatContent(input);
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
    this.entryWrites.changed(this.tail.fold(role, content));
    // Every entry not written yet goes with it, so the rows stand at this seq, as the store records.
    this.owed.add({ seq, role, content }, this.entryWrites.unwrittenEntries(), this.tail.liveFrom());
    this.lastSeq = seq;
    this.onRecorded({ chatId: this.threadId, role, content, seq });
  }

  /**
   * What an agent's emit calls: a streamed piece resolves once accepted (the agent goes on reading
   * its stream while the batch is written), anything else once recorded, as `record` does.
   */
  emit(role: ChatRole, input: ChatContentInput): Promise<void> {
    const content = parseChatContent(input);
    if (!isStreamedPiece(content)) return new Promise((resolve, reject) => this.enqueue({ role, content, done: { resolve, reject } }));
    if (this.broken !== undefined) return Promise.reject(this.broken);
    if (this.pieceFailure !== undefined) {
      const failure = this.pieceFailure;
      this.pieceFailure = undefined;
      return Promise.reject(failure);
    }
    this.enqueue({ role, content });
    return this.batches.length >= HIGH_WATER ? this.batches.nextWrite() : ACCEPTED;
  }

  /**
   * Takes a streamed piece at once, as `emit` would, when its caller need not wait for anything:
   * true when taken; false, with nothing taken, when the caller must `emit` it and await that (the
   * queue is long, a batch of pieces failed, the content is not a streamed piece). An agent reading
   * a fast stream then hands over a piece without a promise of its own.
   */
  offerPiece(role: ChatRole, input: ChatContentInput): boolean {
    if (this.broken !== undefined || this.pieceFailure !== undefined || this.batches.length + 1 >= HIGH_WATER) return false;
    const content = parseChatContent(input);
    if (!isStreamedPiece(content)) return false;
    this.enqueue({ role, content });
    return true;
  }

  private enqueue(item: Queued): void {
    if (this.broken !== undefined) {
      item.done?.reject(this.broken);
      return;
    }
    this.batches.add(item);
  }

  /**
   * Never rejects: a failed write is reported to those who wait for it. Streamed pieces an agent
   * emitted (nobody waits for them) queued before a content that writes entries (an answer's last
   * pieces and its usage, which come in the same read of a fast stream) are committed and sent
   * first, as a batch of their own: the entry write, a long answer's whole text and its search
   * terms, would hold them back from the tabs for as long as it takes. Contents whose callers wait
   * (a prompt and its turn's start) go in one commit: each waits for the whole batch anyway.
   */
  private async flush(batch: Queued[]): Promise<void> {
    const split = batch.findIndex((item) => writesEntries(item.content));
    const piecesBefore = batch.some((item, index) => index < split && item.done === undefined);
    if (!piecesBefore) return this.commit(batch);
    await this.commit(batch.slice(0, split));
    await this.commit(batch.slice(split));
  }

  private async commit(batch: Queued[]): Promise<void> {
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
    // Each event is also what the tabs are told of it (its thread's id beside it): one object a piece.
    const events: Array<ThreadEvent & { chatId: string }> = [];
    let structural = false;
    let pieces = 0;
    for (let start = 0; start < batch.length; ) {
      const { role, content } = batch[start]!;
      // Consecutive pieces of one text fold in as one: the entry is copied once a batch, not once a piece.
      const end = foldRunEnd(batch, start);
      const lengthBefore = this.tail.length;
      const piece = isStreamedPiece(content);
      const changed = this.tail.fold(role, end - start > 1 ? joinedPiece(batch, start, end) : content);
      this.entryWrites.changed(changed);
      // A piece that opens an entry (an answer's first) is stored as its event alone, as the
      // pieces after it are: the entry's row comes with the next entry write, and a load
      // replays the event until then. Writing it now would hold the piece back from the tabs.
      if (!piece && changed.some((index) => index >= lengthBefore)) structural = true;
      if (piece) pieces += end - start;
      else if (writesEntries(content)) structural = true;
      for (let index = start; index < end; index += 1) {
        events.push({ chatId: this.threadId, role, content: batch[index]!.content, seq: this.lastSeq + events.length + 1 });
      }
      start = end;
    }
    const now = performance.now();
    const growing = !structural && this.entryWrites.growingDue(now, pieces);
    const writeEntries = structural || growing;
    const entries = writeEntries ? this.entryWrites.toWrite(growing) : undefined;
    const liveFrom = writeEntries ? this.tail.liveFrom() : undefined;
    try {
      await this.fenced((fencing) => this.store.appendEvents(this.threadId, { events, entries, liveFrom, growing, fencing }));
    } catch (error) {
      this.storeFailure = storeWriteFailure(error);
      await this.recoverFrom(this.storeFailure ?? error, batch);
      return;
    }
    this.storeFailure = undefined;
    this.lastSeq += events.length;
    this.entryWrites.committed(pieces, writeEntries ? { now, growing } : undefined);
    if (writeEntries) this.tail.trim();
    for (let index = 0; index < events.length; index += 1) {
      this.onRecorded(events[index]!);
      batch[index]?.done?.resolve();
    }
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
    // payOwed kept the failure (storeFailure) and scheduled the next retry; nobody else waits on it.
    this.batches.exclusive(() => this.payOwed()).catch(() => undefined);
  }

  /**
   * The batch is not stored: the entries go back to what is (they already hold the batch), and
   * those waiting for it hear why. Later contents go on, as the thread's next events.
   */
  private async recoverFrom(error: unknown, batch: readonly Queued[]): Promise<void> {
    try {
      const state = await loadRecordedState(this.threadId, this.store);
      this.tail = state.tail;
      this.lastSeq = state.lastSeq;
      this.entryWrites.restart(state.unwritten);
      // What the tabs were told but the store does not have yet is still the thread's.
      for (const event of this.owed.events()) {
        this.entryWrites.changed(this.tail.fold(event.role, event.content));
        this.lastSeq = event.seq;
      }
    } catch (reloadError) {
      // The store cannot even be read: fail everything still queued too rather than number it wrong.
      this.broken = reloadError;
      this.batches.rejectQueued(reloadError);
    }
    for (const item of batch) item.done?.reject(error);
    if (batch.some((item) => item.done === undefined)) this.pieceFailure ??= error;
  }
}
