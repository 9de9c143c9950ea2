/**
 * One entry to write, at its place in the thread. Its own file because both the thread store and
 * its history half (rewind, fork) write entries, and the one imports the other.
 */
import type { ThreadEntry } from '../../lib/protocol/thread-model';

export interface EntryWrite {
  /** Position of the entry in its thread, from 0. */
  seq: number;
  entry: ThreadEntry;
}
