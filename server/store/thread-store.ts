/**
 * What the relay needs from its database. Prisma implements it; a PostgreSQL deployment will be
 * the same implementation on another driver adapter.
 */
import type { ThreadEntry, ThreadMetadata } from '../../lib/protocol/thread-model';
import type { ThreadEvent } from '../../lib/protocol/thread-events';
import type { EntryWrite } from './entry-write';
import type { ThreadHistoryStore } from './thread-history-store';
import type { AuditStore } from './audit-store';
import type { ThreadDetails } from '../../lib/protocol/thread-export';

export type { EntryWrite } from './entry-write';

/** A run of a thread's entries: `entries[0]` is the entry at position `firstIndex`. */
export interface EntriesPage {
  entries: ThreadEntry[];
  firstIndex: number;
}

/** A thread as the relay keeps it: its metadata, the agent it is bound to and that agent's session. */
export interface ThreadRecord extends ThreadMetadata {
  agent: string;
  /** The agent's own session id for the thread, when the agent has one to resume. */
  agentSessionId?: string;
}

/** The entries as stored, and the seq of the last event folded into them (0 for none). */
export interface StoredEntries {
  entries: ThreadEntry[];
  seq: number;
}

/** The end of a thread's stored entries: `entries[0]` is at position `firstIndex`; `seq` as in StoredEntries. */
export interface StoredTail extends StoredEntries {
  firstIndex: number;
}

/**
 * What one transaction records: events, and optionally the entries brought up to date with the
 * last of them (every entry changed since the last such write). Streamed pieces are stored as
 * events; the entry rows follow at a bounded rate, and a load replays the events after them.
 */
export interface EventBatch {
  events: readonly ThreadEvent[];
  entries?: readonly EntryWrite[];
  /** With `entries`: where the entries that can still change begin (Thread.liveFrom); absent, unknown. */
  liveFrom?: number;
  /**
   * With `entries`: they are still growing (pieces stream into them), so their search text is not
   * rewritten now but with the write that follows their last piece: re-indexing a long text costs
   * as much as it is long, at every rewrite.
   */
  growing?: boolean;
  /**
   * On a team: the fencing number of the writer's lease on the thread. The store refuses the batch,
   * storing none of it (StaleFencingError, lease-fencing.ts), when another relay has taken the lease since.
   */
  fencing?: bigint;
}

/** A page of the thread list: at most `limit` threads after the one `cursor` names. */
export interface ThreadPageRequest {
  limit?: number;
  cursor?: string;
}

/**
 * A page of the thread list with its filters. Not archived unless `archived`; with `query`, the
 * threads matching it, best first (thread-search.ts). `onlyIds` and `exceptIds` carry the live
 * status filter, which the hub knows and the database does not.
 */
export interface ThreadListRequest extends ThreadPageRequest {
  agent?: string;
  archived?: boolean;
  query?: string;
  onlyIds?: readonly string[];
  exceptIds?: readonly string[];
}

export interface ThreadPage {
  threads: ThreadMetadata[];
  /** Names where the next page starts; absent on the last page. */
  nextCursor?: string;
}

export { InvalidCursorError } from './invalid-cursor';

/** A thread's header facts as stored (thread-facts.ts); the workspace is the relay's to add. */
export type StoredThreadDetails = Omit<ThreadDetails, 'workspace'>;

/** A thread to create whole, from an export: its facts and its entries. */
export interface ImportedThread {
  title: string;
  agent: string;
  model: string | null;
  createdAt: Date;
  modifiedAt: Date;
  totalTokens: number;
  totalCost: number | null;
  entries: readonly ThreadEntry[];
}

export interface ThreadStore {
  /** Rewind, fork and the file changes they undo (thread-history-store.ts). */
  readonly history: ThreadHistoryStore;
  /** Who did what to each thread (audit-store.ts). */
  readonly audit: AuditStore;
  /** Most recently modified first (or best match first); every thread when no limit is given. Deleted threads never. */
  listThreads(page?: ThreadListRequest): Promise<ThreadPage>;
  /** `agent` defaults to the built-in agent. */
  createThread(title: string, agent?: string): Promise<ThreadMetadata>;
  /** Null for an unknown thread and for a deleted one (restorable or not). */
  getThread(threadId: string): Promise<ThreadRecord | null>;
  /** Archives or unarchives; null when there is no such thread. */
  archiveThread(threadId: string, archived: boolean): Promise<ThreadMetadata | null>;
  /** Deletes the thread restorably (`restoreThread`) until `purgeDeleted` takes it; false when there is none. */
  trashThread(threadId: string): Promise<boolean>;
  /** Brings back a thread `trashThread` deleted; null when there is no such deleted thread. */
  restoreThread(threadId: string): Promise<ThreadMetadata | null>;
  /** Deletes for good the threads deleted before `deletedBefore`; their ids. */
  purgeDeleted(deletedBefore: Date): Promise<string[]>;
  /** The header's facts: dates, model, tokens and cost so far; null when there is no such thread. */
  getThreadDetails(threadId: string): Promise<StoredThreadDetails | null>;
  /** Creates a thread with all its entries in one transaction: all of it or nothing. */
  importThread(thread: ImportedThread): Promise<ThreadMetadata>;
  /**
   * Binds the thread to another agent, forgetting the previous agent's session. Under `fencing`
   * (a team's lease, lease-fencing.ts) only while the lease still stands at it, as every write of a
   * thread a relay runs.
   */
  setThreadAgent(threadId: string, agent: string, fencing?: bigint): Promise<void>;
  /** Keeps (or with null, forgets) the agent's session id; not a change the thread list shows. Fenced as setThreadAgent. */
  saveAgentSession(threadId: string, agentSessionId: string | null, fencing?: bigint): Promise<void>;
  renameThread(threadId: string, title: string): Promise<void>;
  /** Entries in order of `seq`, as stored (they may stand before the last events: see loadEntries). */
  getEntries(threadId: string): Promise<ThreadEntry[]>;
  /** The stored entries with the seq they stand at, read together. */
  loadEntries(threadId: string): Promise<StoredEntries>;
  /**
   * The last `size` stored entries, reaching back to the first that can still change, with the seq
   * they stand at: what a thread needs in memory, read without touching the older rows.
   */
  loadTail(threadId: string, size: number): Promise<StoredTail>;
  /**
   * Up to `limit` entries just before position `before`, in order, and the position of the first
   * of them (the cursor for the page before). Reads by the (threadId, seq) key: flat in thread size.
   */
  getEntriesPage(threadId: string, page: { before: number; limit: number }): Promise<EntriesPage>;
  /** Inserts or replaces these entries in one transaction and bumps the thread's modifiedAt. */
  saveEntries(threadId: string, writes: readonly EntryWrite[]): Promise<void>;
  /**
   * Appends one event and the entry changes it caused, in one transaction: either both are
   * stored or neither. Fails if the event's seq is taken.
   */
  appendEvent(threadId: string, event: ThreadEvent, writes: readonly EntryWrite[]): Promise<void>;
  /**
   * Records a batch in one transaction: all of it or nothing. With `entries`, the stored entries
   * then stand at the batch's last event and the thread's modifiedAt is bumped.
   */
  appendEvents(threadId: string, batch: EventBatch): Promise<void>;
  /** Events with seq greater than `afterSeq`, in order. */
  getEventsAfter(threadId: string, afterSeq: number): Promise<ThreadEvent[]>;
  /** The thread's last event, or the last of one content type; null when there is none. */
  getLastEvent(threadId: string, contentType?: ThreadEvent['content']['type']): Promise<ThreadEvent | null>;
  /** Deletes the thread with its entries and events; false when there was no such thread. */
  deleteThread(threadId: string): Promise<boolean>;
  close(): Promise<void>;
}
