/**
 * What the relay needs from its database. Prisma implements it; a PostgreSQL deployment will be
 * the same implementation on another driver adapter.
 */
import type { ThreadEntry, ThreadMetadata } from '../../lib/protocol/acp-threads';

export interface EntryWrite {
  /** Position of the entry in its thread, from 0. */
  seq: number;
  entry: ThreadEntry;
}

export interface ThreadStore {
  /** Most recently modified first. */
  listThreads(): Promise<ThreadMetadata[]>;
  createThread(title: string): Promise<ThreadMetadata>;
  getThread(threadId: string): Promise<ThreadMetadata | null>;
  renameThread(threadId: string, title: string): Promise<void>;
  /** Entries in order of `seq`. */
  getEntries(threadId: string): Promise<ThreadEntry[]>;
  /** Inserts or replaces these entries in one transaction and bumps the thread's modifiedAt. */
  saveEntries(threadId: string, writes: readonly EntryWrite[]): Promise<void>;
  close(): Promise<void>;
}
