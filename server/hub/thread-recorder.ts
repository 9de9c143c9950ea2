/**
 * Records a thread's contents: each gets the thread's next sequence number, is folded into the
 * entries, and is committed to the store together with the entries it changed; only then is it
 * handed on to the tabs, so whatever a tab saw is already stored. Contents are recorded one at a
 * time, in the order they were emitted.
 */
import type { ThreadEntry } from '../../lib/protocol/acp-threads';
import { ChatContentSchema, type ChatContentInput, type ChatRole } from '../../lib/protocol/eca-chat';
import type { SequencedContentReceivedParams, ThreadSnapshot } from '../../lib/protocol/thread-events';
import { applyChatContent } from '../../lib/thread/apply-chat-content';
import type { EntryWrite, ThreadStore } from '../store/thread-store';

export type ContentListener = (params: SequencedContentReceivedParams) => void;

export class ThreadRecorder {
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly threadId: string,
    private entries: ThreadEntry[],
    private lastSeq: number,
    private readonly store: ThreadStore,
    private readonly onRecorded: ContentListener,
  ) {}

  /** The entries and the seq of the last event in them, taken together. */
  snapshot(): Omit<ThreadSnapshot, 'turnRunning'> {
    return { entries: this.entries, lastSeq: this.lastSeq };
  }

  get currentEntries(): readonly ThreadEntry[] {
    return this.entries;
  }

  record(role: ChatRole, input: ChatContentInput): Promise<void> {
    const content = ChatContentSchema.parse(input);
    const recorded = this.queue.then(async () => {
      const seq = this.lastSeq + 1;
      const next = applyChatContent(this.entries, role, content);
      await this.store.appendEvent(this.threadId, { seq, role, content }, changedEntries(this.entries, next));
      this.entries = next;
      this.lastSeq = seq;
      this.onRecorded({ chatId: this.threadId, role, content, seq });
    });
    // The caller gets `recorded` with its failure (a failed write); the queue only waits for it to
    // end, so one failed write does not wedge every later content of the thread.
    this.queue = recorded.catch(() => undefined);
    return recorded;
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
