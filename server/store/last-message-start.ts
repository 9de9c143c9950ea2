/**
 * The first words of a thread's last message, which the thread list shows under a title another
 * thread shares. Kept on the thread's row as its entries are written (the entries just written are
 * at hand then), so a list request reads one column rather than any thread's entries.
 */
import { MAX_LAST_MESSAGE_START } from '../../lib/protocol/thread-list';
import type { ThreadEntry } from '../../lib/protocol/thread-model';

/** The start of a message's text, on one line, cut at a word with an ellipsis; undefined for a message with no text or another entry. */
export function messageStart(entry: ThreadEntry): string | undefined {
  if (entry.type !== 'message') return undefined;
  const text = entry.chunks
    .map((chunk) => chunk.chunk)
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  if (text === '') return undefined;
  if (text.length <= MAX_LAST_MESSAGE_START) return text;
  const cut = text.slice(0, MAX_LAST_MESSAGE_START - 1);
  const lastSpace = cut.lastIndexOf(' ');
  // A first word longer than the whole line is cut inside it.
  return `${(lastSpace > 0 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/**
 * The start of the last message with text among these entries (by position), or undefined when
 * none has text: the stored start then stays as it was.
 */
export function lastMessageStartOf(writes: readonly { seq: number; entry: ThreadEntry }[]): string | undefined {
  let found: { seq: number; start: string } | undefined;
  for (const { seq, entry } of writes) {
    const start = messageStart(entry);
    if (start !== undefined && (found === undefined || seq > found.seq)) found = { seq, start };
  }
  return found?.start;
}
