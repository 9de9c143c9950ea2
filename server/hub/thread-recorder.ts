/**
 * Records a thread's contents: folds each into the entries, writes the entries that changed, and
 * only then hands the content on to the tabs, so that whatever a tab saw is already stored.
 * Contents are recorded one at a time, in the order they were emitted.
 */
import type { ThreadEntry } from '../../lib/protocol/acp-threads';
import { ChatContentSchema, type ChatContentInput, type ChatContentReceivedParams, type ChatRole } from '../../lib/protocol/eca-chat';
import { applyChatContent } from '../../lib/thread/apply-chat-content';
import type { EntryWrite, ThreadStore } from '../store/thread-store';

export type ContentListener = (params: ChatContentReceivedParams) => void;

export class ThreadRecorder {
  private queue: Promise<void> = Promise.resolve();

  constructor(
    readonly threadId: string,
    private entries: ThreadEntry[],
    private readonly store: ThreadStore,
    private readonly onRecorded: ContentListener,
  ) {}

  get snapshot(): readonly ThreadEntry[] {
    return this.entries;
  }

  record(role: ChatRole, input: ChatContentInput): Promise<void> {
    const content = ChatContentSchema.parse(input);
    const recorded = this.queue.then(async () => {
      const next = applyChatContent(this.entries, role, content);
      await this.persistChanges(next);
      this.onRecorded({ chatId: this.threadId, role, content });
    });
    // One failed write must not wedge the queue; the caller still sees its own failure.
    this.queue = recorded.catch(() => undefined);
    return recorded;
  }

  /** Replaces the entries wholesale (e.g. interrupted tool calls) and stores what changed. */
  rewrite(transform: (entries: readonly ThreadEntry[]) => ThreadEntry[]): Promise<void> {
    const rewritten = this.queue.then(() => this.persistChanges(transform(this.entries)));
    this.queue = rewritten.catch(() => undefined);
    return rewritten;
  }

  private async persistChanges(next: ThreadEntry[]): Promise<void> {
    const writes: EntryWrite[] = [];
    next.forEach((entry, seq) => {
      if (entry !== this.entries[seq]) writes.push({ seq, entry });
    });
    if (writes.length > 0) await this.store.saveEntries(this.threadId, writes);
    this.entries = next;
  }
}
