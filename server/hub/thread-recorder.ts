/**
 * Records a thread's contents: each gets the thread's next sequence number, is folded into the
 * entries, and is committed to the store together with the entries it changed; only then is it
 * handed on to the tabs, so whatever a tab saw is already stored. Contents are recorded one at a
 * time, in the order they were emitted. One exception: the end of a turn that storage cut short
 * (`recordOrOwe`) is told to the tabs at once and stored once the store can write again.
 */
import type { ThreadEntry } from '../../lib/protocol/acp-threads';
import { type ChatContent, ChatContentSchema, type ChatContentInput, type ChatRole } from '../../lib/protocol/eca-chat';
import type { SequencedContentReceivedParams, ThreadSnapshot } from '../../lib/protocol/thread-events';
import { applyChatContent } from '../../lib/thread/apply-chat-content';
import { type StoreWriteError, storeWriteFailure } from '../store/store-failure';
import type { EntryWrite, ThreadStore } from '../store/thread-store';
import { OwedRecords } from './owed-records';

export type ContentListener = (params: SequencedContentReceivedParams) => void;

export class ThreadRecorder {
  private queue: Promise<void> = Promise.resolve();
  private readonly owed: OwedRecords;
  /** Why the last write failed, until one succeeds again: the reason a turn cut short is given. */
  storeFailure: StoreWriteError | undefined;

  constructor(
    readonly threadId: string,
    private entries: ThreadEntry[],
    private lastSeq: number,
    private readonly store: ThreadStore,
    private readonly onRecorded: ContentListener,
  ) {
    this.owed = new OwedRecords(threadId, store, () => {
      void this.enqueue(() => this.payOwed()).catch(() => this.owed.scheduleRetry());
    });
  }

  /** The entries and the seq of the last event in them, taken together. */
  snapshot(): Omit<ThreadSnapshot, 'turnRunning'> {
    return { entries: this.entries, lastSeq: this.lastSeq };
  }

  get currentEntries(): readonly ThreadEntry[] {
    return this.entries;
  }

  record(role: ChatRole, input: ChatContentInput): Promise<void> {
    const content = ChatContentSchema.parse(input);
    return this.enqueue(async () => {
      await this.payOwed();
      await this.write(role, content);
    });
  }

  /**
   * Records the content, or, when the store cannot write (or could not a moment ago), tells the
   * tabs at once with the seq it will have and stores it once the store can: how the end of a turn
   * reaches the user while the disk is full or the database locked.
   */
  recordOrOwe(role: ChatRole, input: ChatContentInput): Promise<void> {
    const content = ChatContentSchema.parse(input);
    return this.enqueue(async () => {
      if (this.owed.isEmpty && !this.storeFailure) {
        try {
          await this.write(role, content);
          return;
        } catch (error) {
          if (!this.storeFailure) throw error;
        }
      }
      const seq = this.lastSeq + 1;
      const next = applyChatContent(this.entries, role, content);
      this.owed.add({ seq, role, content }, changedEntries(this.entries, next));
      this.advance(next, { chatId: this.threadId, role, content, seq });
    });
  }

  private async write(role: ChatRole, content: ChatContent): Promise<void> {
    const seq = this.lastSeq + 1;
    const next = applyChatContent(this.entries, role, content);
    await this.noteStoreFailure(() => this.store.appendEvent(this.threadId, { seq, role, content }, changedEntries(this.entries, next)));
    this.advance(next, { chatId: this.threadId, role, content, seq });
  }

  private async payOwed(): Promise<void> {
    if (!this.owed.isEmpty) await this.noteStoreFailure(() => this.owed.pay());
  }

  private async noteStoreFailure(write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (error) {
      this.storeFailure = storeWriteFailure(error);
      throw this.storeFailure ?? error;
    }
    this.storeFailure = undefined;
  }

  private advance(entries: ThreadEntry[], params: SequencedContentReceivedParams): void {
    this.entries = entries;
    this.lastSeq = params.seq ?? this.lastSeq;
    this.onRecorded(params);
  }

  /**
   * The caller gets the task's own failure (a failed write); the queue only waits for it to end,
   * so one failed write does not wedge every later content of the thread.
   */
  private enqueue(task: () => Promise<void>): Promise<void> {
    const done = this.queue.then(task);
    this.queue = done.catch(() => undefined);
    return done;
  }
}

/** The fold returns new objects only for what it changed, so identity tells what to write. */
function changedEntries(before: readonly ThreadEntry[], after: readonly ThreadEntry[]): EntryWrite[] {
  const writes: EntryWrite[] = [];
  after.forEach((entry, seq) => {
    if (entry !== before[seq]) writes.push({ seq, entry });
  });
  return writes;
}
