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
  const whole = entry.chunks.map((chunk) => chunk.chunk).join('');
  // Only the start is kept: a prefix whose line outgrows it says as much as the whole text, and a
  // long answer, whose entry is written again as it grows, is not put on one line at every write.
  let end = 4 * MAX_LAST_MESSAGE_START;
  let text = oneLine(whole.slice(0, end));
  while (end < whole.length && text.length <= MAX_LAST_MESSAGE_START) {
    end *= 2;
    text = oneLine(whole.slice(0, end));
  }
  if (text === '') return undefined;
  if (text.length <= MAX_LAST_MESSAGE_START) return text;
  const cut = text.slice(0, MAX_LAST_MESSAGE_START - 1);
  const lastSpace = cut.lastIndexOf(' ');
  // A first word longer than the whole line is cut inside it.
  return `${(lastSpace > 0 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
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
