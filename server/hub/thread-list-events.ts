/**
 * Keeps every tab's thread list live: `thread/updated` when a thread is created, renamed,
 * archived, restored, handed over or changes status, `thread/deleted` when it goes. Changes are
 * caught where they are made, in the store the hub and the handlers write through (`watch`), so
 * no path that changes a thread (a prompt naming it, `chat/delete`, a hand-over) can forget to
 * tell; status changes come from the recorded contents (ThreadActivity).
 */
import type { ThreadMetadata } from '../../lib/protocol/thread-model';
import type { ThreadDeletedParams, ThreadUpdatedParams } from '../../lib/protocol/thread-list-methods';
import type { SequencedContentReceivedParams } from '../../lib/protocol/thread-events';
import type { ThreadRecord, ThreadStore } from '../store/thread-store';
import { ThreadActivity } from './thread-activity';

export interface ThreadListNotifier {
  (method: 'thread/updated', params: ThreadUpdatedParams): void;
  (method: 'thread/deleted', params: ThreadDeletedParams): void;
}

export class ThreadListEvents {
  readonly activity = new ThreadActivity((threadId) => void this.publish(threadId));

  constructor(
    private readonly store: ThreadStore,
    private readonly notify: ThreadListNotifier,
    private readonly log: (message: string) => void,
    /**
     * A team's other relays, told of each change made through this relay's store (their tabs'
     * lists follow it); status changes are not sent: each relay reads them off the contents.
     */
    private readonly tellTeam?: ThreadListNotifier,
  ) {}

  /** A content the recorder committed: a turn started or ended, an approval is awaited or answered. */
  observe(params: SequencedContentReceivedParams): void {
    this.activity.observe(params);
  }

  /** The thread as the list shows it: its metadata and what it is doing. */
  listed(thread: ThreadMetadata): ThreadMetadata {
    const { id, title, modifiedAt, agent, archivedAt, match, lastMessageStart } = thread;
    return {
      id,
      title,
      modifiedAt,
      ...(agent === undefined ? {} : { agent }),
      ...(archivedAt === undefined ? {} : { archivedAt }),
      ...(match === undefined ? {} : { match }),
      ...(lastMessageStart === undefined ? {} : { lastMessageStart }),
      status: this.activity.statusOf(id),
    };
  }

  /** Tells every tab how the thread stands now; nothing for a thread that is gone. */
  async publish(threadId: string): Promise<ThreadMetadata | undefined> {
    let thread: ThreadRecord | null;
    try {
      thread = await this.store.getThread(threadId);
    } catch (error) {
      // The list is a view: a read that fails now is made good by the next change or a reload.
      this.log(`could not read thread ${threadId} to update the thread lists: ${String(error)}`);
      return undefined;
    }
    if (!thread) return undefined;
    const listed = this.listed(thread);
    this.notify('thread/updated', { thread: listed });
    return listed;
  }

  deleted(threadId: string): void {
    this.activity.forget(threadId);
    this.notify('thread/deleted', { threadId });
  }

  private changedHere(threadId: string): void {
    void this.publish(threadId).then((listed) => listed && this.tellTeam?.('thread/updated', { thread: listed }));
  }

  private deletedHere(threadId: string): void {
    this.deleted(threadId);
    this.tellTeam?.('thread/deleted', { threadId });
  }

  /** The same store, telling the tabs of every change it makes to a thread's place in the list. */
  watch(store: ThreadStore): ThreadStore {
    const after =
      <Args extends unknown[], Result>(write: (...args: Args) => Promise<Result>, tell: (args: Args, result: Result) => void) =>
      async (...args: Args): Promise<Result> => {
        const result = await write(...args);
        tell(args, result);
        return result;
      };
    const changes: Partial<ThreadStore> = {
      createThread: after(store.createThread.bind(store), (_args, thread) => this.changedHere(thread.id)),
      renameThread: after(store.renameThread.bind(store), ([threadId]) => this.changedHere(threadId)),
      setThreadAgent: after(store.setThreadAgent.bind(store), ([threadId]) => this.changedHere(threadId)),
      archiveThread: after(store.archiveThread.bind(store), ([threadId], thread) => void (thread && this.changedHere(threadId))),
      restoreThread: after(store.restoreThread.bind(store), ([threadId], thread) => void (thread && this.changedHere(threadId))),
      trashThread: after(store.trashThread.bind(store), ([threadId], done) => done && this.deletedHere(threadId)),
      deleteThread: after(store.deleteThread.bind(store), ([threadId], done) => done && this.deletedHere(threadId)),
    };
    // Each method bound once: the recorder reaches the store through here at every commit, and a
    // bound function made per call was an allocation per streamed piece at a paced stream's rates.
    const bound = new Map<PropertyKey, { method: unknown; bound: unknown }>();
    return new Proxy(store, {
      get(target, property, receiver) {
        const changed = changes[property as keyof ThreadStore];
        if (changed !== undefined) return changed;
        const value: unknown = Reflect.get(target, property, receiver);
        if (typeof value !== 'function') return value;
        const known = bound.get(property);
        if (known?.method === value) return known.bound;
        const fresh = value.bind(target);
        bound.set(property, { method: value, bound: fresh });
        return fresh;
      },
    });
  }
}
