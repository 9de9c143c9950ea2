/**
 * What the relay needs from its database. Prisma implements it; a PostgreSQL deployment will be
 * the same implementation on another driver adapter.
 */
import type { ThreadEntry, ThreadMetadata } from '../../lib/protocol/acp-threads';
import type { ThreadEvent } from '../../lib/protocol/thread-events';

export interface EntryWrite {
  /** Position of the entry in its thread, from 0. */
  seq: number;
  entry: ThreadEntry;
}

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

export interface ThreadStore {
  /** Most recently modified first. */
  listThreads(): Promise<ThreadMetadata[]>;
  /** `agent` defaults to the built-in agent. */
  createThread(title: string, agent?: string): Promise<ThreadMetadata>;
  getThread(threadId: string): Promise<ThreadRecord | null>;
  /** Binds the thread to another agent, forgetting the previous agent's session. */
  setThreadAgent(threadId: string, agent: string): Promise<void>;
  /** Keeps (or with null, forgets) the agent's session id; not a change the thread list shows. */
  saveAgentSession(threadId: string, agentSessionId: string | null): Promise<void>;
  renameThread(threadId: string, title: string): Promise<void>;
  /** Entries in order of `seq`. */
  getEntries(threadId: string): Promise<ThreadEntry[]>;
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
  /** Events with seq greater than `afterSeq`, in order. */
  getEventsAfter(threadId: string, afterSeq: number): Promise<ThreadEvent[]>;
  /** The thread's last event, or the last of one content type; null when there is none. */
  getLastEvent(threadId: string, contentType?: ThreadEvent['content']['type']): Promise<ThreadEvent | null>;
  /** Deletes the thread with its entries and events; false when there was no such thread. */
  deleteThread(threadId: string): Promise<boolean>;
  close(): Promise<void>;
}
