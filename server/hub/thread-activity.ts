/**
 * What each thread is doing, as the thread list shows it: a turn running, a tool call waiting for
 * an approval, or nothing. Read off the contents the recorder hands to the tabs (the same ones a
 * tab folds), so the list and the chat never disagree; told to `onChange` when it changes.
 */
import type { ThreadStatus } from '../../lib/protocol/thread-list';
import type { SequencedContentReceivedParams } from '../../lib/protocol/thread-events';

export class ThreadActivity {
  private readonly running = new Set<string>();
  /** Per thread, the tool calls waiting for an approval. */
  private readonly waiting = new Map<string, Set<string>>();

  constructor(private readonly onChange: (threadId: string, status: ThreadStatus) => void) {}

  observe({ chatId, content }: SequencedContentReceivedParams): void {
    const before = this.statusOf(chatId);
    switch (content.type) {
      case 'progress':
        if (content.state === 'running') this.running.add(chatId);
        else this.forget(chatId);
        break;
      case 'toolCallRun':
        if (content.manualApproval) this.waitingOf(chatId).add(content.id);
        break;
      case 'toolCallRunning':
      case 'toolCalled':
      case 'toolCallRejected':
        this.waiting.get(chatId)?.delete(content.id);
        if (this.waiting.get(chatId)?.size === 0) this.waiting.delete(chatId);
        break;
      default:
        return;
    }
    const after = this.statusOf(chatId);
    if (after !== before) this.onChange(chatId, after);
  }

  statusOf(threadId: string): ThreadStatus {
    if (this.waiting.has(threadId)) return 'waiting';
    return this.running.has(threadId) ? 'running' : 'idle';
  }

  /** The threads whose status is `status` now (never many: only live turns have one). */
  threadsWith(status: Exclude<ThreadStatus, 'idle'>): string[] {
    return [...this.running].filter((threadId) => this.statusOf(threadId) === status);
  }

  /** Whether any thread has a turn running (or waiting for an approval). */
  get anyRunning(): boolean {
    return this.running.size > 0;
  }

  /** Every thread that is not idle. */
  busyThreads(): string[] {
    return [...this.running];
  }

  /** The thread was deleted, or its turn ended. */
  forget(threadId: string): void {
    this.running.delete(threadId);
    this.waiting.delete(threadId);
  }

  private waitingOf(threadId: string): Set<string> {
    let calls = this.waiting.get(threadId);
    if (!calls) this.waiting.set(threadId, (calls = new Set()));
    return calls;
  }
}
