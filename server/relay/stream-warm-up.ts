/**
 * The code a streamed piece runs through on its way from the agent to the tabs, run once on made-up
 * pieces while the relay starts, after its ready line: a relay's first answer then sends its first
 * piece as soon as a warm one does. A function's first call compiles it, and a schema's first check
 * compiles zod's fast path for it; on the first piece of a freshly started relay that was a few
 * milliseconds that no later piece pays. Nothing here is recorded or sent: the contents are
 * checked, folded into a scratch list, encoded as the store would write them and as socket.io
 * would send them, and dropped.
 */
import { ThreadEventSchema, type ThreadEvent } from '../../lib/protocol/thread-events';
import { ChatContentSchema, type ChatContentInput } from '../../lib/protocol/eca-chat';
import { applyChatContentInPlace } from '../../lib/thread/apply-chat-content';
import type { ThreadEntry } from '../../lib/protocol/thread-model';
import { encodeEvents, joinRun, openRunOf } from '../store/event-rows';
import { joinedRowBytes, NEW_FILE_PAGE_SIZE } from '../store/sqlite-page-size';

/** A thread id no thread has: the encoded rows name it and go nowhere. */
const NO_THREAD = 'warm-up';

/** The kinds of streamed piece an agent sends most, each the way the agents send it. */
const PIECES: readonly ChatContentInput[] = [
  { type: 'text', text: 'a' },
  { type: 'reasonStarted', id: NO_THREAD },
  { type: 'reasonText', id: NO_THREAD, text: 'a' },
  { type: 'toolCallPrepare', origin: 'native', id: NO_THREAD, name: 'read', server: 'ECA', argumentsText: '{' },
];

/**
 * Runs the pieces through the recorder's steps (recorder.ts: check, fold, rows, joining a run) and
 * hands `encode` a batch of their notifications, as the tabs would get them.
 */
export function warmUpStreamedPieces(encode: (notifications: unknown[]) => void): void {
  const entries: ThreadEntry[] = [];
  const events: ThreadEvent[] = [];
  for (const input of [...PIECES, PIECES[0]!, PIECES[0]!]) {
    const content = ChatContentSchema.parse(input);
    applyChatContentInPlace(entries, 'assistant', content);
    events.push(ThreadEventSchema.parse({ seq: events.length + 1, role: 'assistant', content }));
  }
  // The last two texts make a run, which a third joins, as a stream's batches do.
  const texts = events.slice(-2);
  const rows = encodeEvents(NO_THREAD, texts);
  const open = openRunOf(rows, texts);
  const next = { seq: events.length + 1, role: 'assistant' as const, content: texts[0]!.content };
  if (open) joinRun(open, [next], encodeEvents(NO_THREAD, [next]), joinedRowBytes(NEW_FILE_PAGE_SIZE));
  encode(events.map((event) => ({ jsonrpc: '2.0', method: 'chat/contentReceived', params: { chatId: NO_THREAD, ...event } })));
}
