/**
 * Where a thread's user messages stand among its events. Each user message is one user-role text
 * event that starts an entry of its own, so the k-th user message entry is the k-th such event:
 * one indexed query, whatever the thread's length, instead of replaying its events.
 */
import type { ThreadEntry } from '../../lib/protocol/thread-model';
import { RelayError } from '../../lib/rpc/relay-error';
import type { ThreadHistoryStore } from '../store/thread-history-store';

export class RewindPointError extends RelayError<'invalid-rewind-point'> {
  constructor(message: string) {
    super('invalid-rewind-point', message);
  }
}

export function isUserMessage(entry: ThreadEntry | undefined): boolean {
  return entry?.type === 'message' && entry.role === 'user';
}

/** How many user messages stand at or before `index`. */
export function userMessagesThrough(entries: readonly ThreadEntry[], index: number): number {
  let count = 0;
  for (let position = 0; position <= index && position < entries.length; position += 1) if (isUserMessage(entries[position])) count += 1;
  return count;
}

/**
 * The seq of the event that recorded the user message at `index`. A thread whose events do not
 * match its entries (recorded before events were kept) cannot be cut by them, and says so.
 */
export async function userMessageEventSeq(
  history: ThreadHistoryStore,
  threadId: string,
  entries: readonly ThreadEntry[],
  index: number,
): Promise<number> {
  const inEntries = userMessagesThrough(entries, entries.length - 1);
  if ((await history.countUserMessageEvents(threadId)) !== inEntries) {
    throw new RewindPointError(
      `Thread ${threadId} was recorded before Baton kept its events in full; it cannot be rewound or forked at a message.`,
    );
  }
  const seq = await history.userMessageEventSeq(threadId, userMessagesThrough(entries, index));
  if (seq === undefined) throw new RewindPointError(`Entry ${index} of thread ${threadId} is not a user message.`);
  return seq;
}
