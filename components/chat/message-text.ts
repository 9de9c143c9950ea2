import type { MessageEntry } from '../../lib/protocol/thread-model';

/** A message arrives in chunks (streamed deltas); the reader sees them as one text. */
export function messageText(entry: MessageEntry): string {
  return entry.chunks.map((chunk) => chunk.chunk).join('');
}
