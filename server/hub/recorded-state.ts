/**
 * What a thread's recorder starts from: the stored tail of the entries (thread-tail.ts) brought up
 * to the thread's last event by replaying the events stored after the entry rows were written.
 */
import type { ThreadEntry } from '../../lib/protocol/thread-model';
import type { ChatContent } from '../../lib/protocol/eca-chat';
import type { ThreadStore } from '../store/thread-store';
import { TAIL_ENTRIES, ThreadTail } from './thread-tail';

/** A piece that continues an entry: text, thinking, tool arguments or output, as models stream them. */
export function isStreamedPiece(content: ChatContent): boolean {
  return (
    content.type === 'text' ||
    content.type === 'reasonText' ||
    content.type === 'toolCallPrepare' ||
    (content.type === 'toolCallRunning' && content.outputChunk !== undefined)
  );
}

export interface RecordedState {
  tail: ThreadTail;
  lastSeq: number;
  /** Entries the replayed events changed, which the stored rows do not have yet. */
  unwritten: number[];
}

/** The stored tail brought up to the thread's last event. */
export async function loadRecordedState(threadId: string, store: ThreadStore): Promise<RecordedState> {
  const stored = await store.loadTail(threadId, TAIL_ENTRIES);
  const tail = new ThreadTail(stored.firstIndex, stored.entries);
  const events = await store.getEventsAfter(threadId, stored.seq);
  const unwritten = new Set<number>();
  for (const event of events) {
    for (const index of tail.fold(event.role, event.content)) unwritten.add(index);
  }
  return { tail, lastSeq: events.at(-1)?.seq ?? stored.seq, unwritten: [...unwritten] };
}

/** Entries from `firstIndex` on, the seq they stand at; `firstIndex` absent for the whole thread. */
export interface RecordedEntries {
  entries: ThreadEntry[];
  lastSeq: number;
  firstIndex?: number;
}
