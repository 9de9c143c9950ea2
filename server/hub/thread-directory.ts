/**
 * The thread list's operations: list with filters and live status, rename, archive, delete with
 * an undo, restore. A delete is restorable for UNDO_WINDOW_MS (the tab's toast offers Undo for
 * less than that), then purged for good; a relay stopped meanwhile purges at its next start.
 */
import type { GetThreadsParams, ThreadMetadata } from '../../lib/protocol/thread-model';
import type { ThreadPage, ThreadListRequest, ThreadStore } from '../store/thread-store';
import type { ThreadHub } from './thread-hub';
import { UnknownThreadError } from './thread-hub';
import type { ThreadListEvents } from './thread-list-events';

/** How long a deleted thread can be restored: well beyond the toast's Undo, short enough to mean "deleted". */
export const UNDO_WINDOW_MS = 60_000;

export interface ThreadDirectoryOptions {
  /** The store as the hub writes it (ThreadListEvents.watch), so that every change is told. */
  store: ThreadStore;
  hub: ThreadHub;
  events: ThreadListEvents;
  log: (message: string) => void;
  undoWindowMs?: number;
}

export class ThreadDirectory {
  private readonly purgeTimers = new Set<NodeJS.Timeout>();

  constructor(private readonly options: ThreadDirectoryOptions) {}

  /** `getThreads`: a page (or all) of the list, filtered, each thread with its live status. */
  async list(params: GetThreadsParams): Promise<ThreadPage> {
    const { status, ...rest } = params ?? {};
    const { activity } = this.options.events;
    const request: ThreadListRequest = { ...rest };
    if (status === 'running' || status === 'waiting') request.onlyIds = activity.threadsWith(status);
    if (status === 'idle') request.exceptIds = activity.busyThreads();
    const page = await this.options.store.listThreads(request);
    return { ...page, threads: page.threads.map((thread) => this.options.events.listed(thread)) };
  }

  async rename(threadId: string, title: string): Promise<ThreadMetadata> {
    await this.known(threadId);
    await this.options.store.renameThread(threadId, title);
    return this.current(threadId);
  }

  async archive(threadId: string, archived: boolean): Promise<ThreadMetadata> {
    const thread = await this.options.store.archiveThread(threadId, archived);
    if (!thread) throw new UnknownThreadError(threadId);
    return this.options.events.listed(thread);
  }

  /** Stops the thread's turn and deletes it, restorably until the returned moment. */
  async delete(threadId: string): Promise<{ restorableUntil: string }> {
    const windowMs = this.options.undoWindowMs ?? UNDO_WINDOW_MS;
    await this.options.hub.deleteThread(threadId, 'trash');
    const timer = setTimeout(() => {
      this.purgeTimers.delete(timer);
      void this.purge();
    }, windowMs + 1);
    timer.unref();
    this.purgeTimers.add(timer);
    return { restorableUntil: new Date(Date.now() + windowMs).toISOString() };
  }

  async restore(threadId: string): Promise<ThreadMetadata> {
    // An Undo can come while the delete still waits for the thread's turn to stop.
    await this.options.hub.deletionSettled(threadId);
    const thread = await this.options.store.restoreThread(threadId);
    if (!thread) throw new UnknownThreadError(threadId);
    return this.options.events.listed(thread);
  }

  /** Deletes for good what was deleted longer ago than the undo window. */
  async purge(now = new Date()): Promise<string[]> {
    try {
      const purged = await this.options.store.purgeDeleted(new Date(now.getTime() - (this.options.undoWindowMs ?? UNDO_WINDOW_MS)));
      for (const threadId of purged) await this.options.hub.checkpoints?.threadDeleted(threadId);
      return purged;
    } catch (error) {
      this.options.log(`could not purge deleted threads (the next purge tries again): ${String(error)}`);
      return [];
    }
  }

  close(): void {
    for (const timer of this.purgeTimers) clearTimeout(timer);
    this.purgeTimers.clear();
  }

  private async known(threadId: string): Promise<void> {
    if (!(await this.options.store.getThread(threadId))) throw new UnknownThreadError(threadId);
  }

  private async current(threadId: string): Promise<ThreadMetadata> {
    const thread = await this.options.store.getThread(threadId);
    if (!thread) throw new UnknownThreadError(threadId);
    return this.options.events.listed(thread);
  }
}
