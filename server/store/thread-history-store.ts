/**
 * What rewind and fork need from the database: the file changes agents made through Baton, the
 * user messages' events, and the two history edits, each one transaction.
 */
import type { ThreadEntry, ThreadMetadata } from '../../lib/protocol/thread-model';
import type { ThreadEvent } from '../../lib/protocol/thread-events';
import type { EntryWrite } from './entry-write';

export interface FileChangeRecord {
  threadId: string;
  /** The thread's entry count when the change was made. */
  position: number;
  toolCallId?: string;
  /** Workspace-relative. */
  path: string;
  existed: boolean;
  /** The text before, when it existed and could be kept. */
  before?: string;
  kept: boolean;
  /** sha256 (hex) of the bytes after the change; undefined when no file was left there. */
  afterHash?: string;
}

export interface StoredFileChange extends FileChangeRecord {
  id: number;
}

export interface ThreadRewindWrite {
  /** Entries from this position on leave the thread, and file changes made after it. */
  keepEntries: number;
  /** Events from this seq on leave the thread. */
  firstRemovedEvent: number;
  /** The `threadRewound` event, numbered after every event the thread ever had. */
  marker: ThreadEvent;
  /** Kept entries whose rows lag behind (still being streamed into when last written). */
  entries: readonly EntryWrite[];
  /** On a team: the fencing number of the writer's lease, as for an EventBatch (thread-store.ts). */
  fencing?: bigint;
}

export interface ThreadForkWrite {
  source: string;
  title: string;
  agent: string;
  /** The new thread's entries: the source's first ones. */
  entries: readonly ThreadEntry[];
  /** The source's events before this seq are copied (they fold into at least `entries`). */
  eventsBefore: number;
  /** Cuts what those events fold into down to `entries`, when they fold into more. */
  marker?: ThreadEvent;
}

export interface ThreadHistoryStore {
  recordFileChange(change: FileChangeRecord): Promise<void>;
  /** The thread's file changes made after its entry count was `position`, newest first. */
  fileChangesAfter(threadId: string, position: number): Promise<StoredFileChange[]>;
  /** How many user messages the thread's events hold. */
  countUserMessageEvents(threadId: string): Promise<number>;
  /** The seq of the thread's `ordinal`-th user message event (from 1); undefined past the last. */
  userMessageEventSeq(threadId: string, ordinal: number): Promise<number | undefined>;
  /** How many user message events stand at or before `seq`. */
  userMessageOrdinal(threadId: string, seq: number): Promise<number>;
  rewindThread(threadId: string, write: ThreadRewindWrite): Promise<void>;
  /** A new thread holding the source's first entries, its events and file changes up to there. */
  forkThread(write: ThreadForkWrite): Promise<ThreadMetadata>;
}
