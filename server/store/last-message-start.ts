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
  // Only the start is kept: a prefix whose line outgrows it says as much as the whole text, and a
  // long answer, whose entry is written again as it grows, is neither joined whole nor put on one
  // line at every write.
  let end = 4 * MAX_LAST_MESSAGE_START;
  let prefix = textStart(entry.chunks, end);
  let text = oneLine(prefix);
  while (prefix.length === end && text.length <= MAX_LAST_MESSAGE_START) {
    end *= 2;
    prefix = textStart(entry.chunks, end);
    text = oneLine(prefix);
  }
  if (text === '') return undefined;
  if (text.length <= MAX_LAST_MESSAGE_START) return text;
  const cut = text.slice(0, MAX_LAST_MESSAGE_START - 1);
  const lastSpace = cut.lastIndexOf(' ');
  // A first word longer than the whole line is cut inside it.
  return `${(lastSpace > 0 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** The first `length` characters of the chunks' text (fewer when it is shorter), joining only the chunks they come from. */
function textStart(chunks: readonly { chunk: string }[], length: number): string {
  const parts: string[] = [];
  let taken = 0;
  for (const { chunk } of chunks) {
    if (taken >= length) break;
    parts.push(chunk);
    taken += chunk.length;
  }
  return parts.join('').slice(0, length);
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
