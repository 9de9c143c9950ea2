/**
 * Thread events as database rows: the content is kept as JSON and parsed back with the protocol
 * schema, because the database file is a trust boundary too (it may be old or edited).
 *
 * A run of streamed pieces recorded together (consecutive seqs, one role, the same content but for
 * its text: an answer's text, one thought's text) is one row: its seq is the first piece's, its type
 * `run:<content type>`, its content the shared part and each piece's text. A model streams tens of
 * thousands of pieces a minute, and a row each made the database the relay's largest per-piece
 * cost. Pieces committed after it, as a slow stream commits them one by one, join that row while
 * it is small (joinRun). Read back, a run is the same events, each with its own seq, so a tab that
 * asks for what it missed after any seq gets exactly those pieces, none joined or split.
 */
import { z } from 'zod';
import { ChatRoleSchema, parseChatContent } from '../../lib/protocol/eca-chat';
import { EventSeqSchema, ThreadEventSchema, type ThreadEvent } from '../../lib/protocol/thread-events';

export interface EventRow {
  seq: number;
  role: string;
  type: string;
  content: string;
}

const RUN_PREFIX = 'run:';

/** A run row's content: what its pieces share, and each piece's text in order. */
const RunContentSchema = z.object({ content: z.record(z.string(), z.unknown()), texts: z.array(z.string()).min(1) });

export function isRunType(type: string): boolean {
  return type.startsWith(RUN_PREFIX);
}

export function encodeEvent(threadId: string, event: ThreadEvent): EventRow {
  const checked = checkedEvent(threadId, event);
  return { seq: checked.seq, role: checked.role, type: checked.content.type, content: JSON.stringify(checked.content) };
}

/**
 * The event as ThreadEventSchema parses it, field by field so that its content takes
 * parseChatContent's shortcut for a streamed piece: a batch's first piece is checked at every commit.
 */
function checkedEvent(threadId: string, event: ThreadEvent): ThreadEvent {
  const checked = {
    seq: EventSeqSchema.parse(event.seq),
    role: ChatRoleSchema.parse(event.role),
    content: parseChatContent(event.content),
  };
  if (checked.seq < 1) throw new Error(`Thread ${threadId}: event seq starts at 1, got ${checked.seq}`);
  return checked;
}

/** The rows for a batch of events, in order: each run of two or more pieces as one row. */
export function encodeEvents(threadId: string, events: readonly ThreadEvent[]): EventRow[] {
  for (let index = 1; index < events.length; index += 1) {
    const previous = events[index - 1]!;
    const event = events[index]!;
    if (event.seq <= previous.seq) {
      throw new Error(`Thread ${threadId}: a batch's events go in order of seq, but ${event.seq} follows ${previous.seq}`);
    }
  }
  const rows: EventRow[] = [];
  let start = 0;
  while (start < events.length) {
    const first = events[start] as ThreadEvent;
    let end = start + 1;
    while (end < events.length && events[end]!.seq === events[end - 1]!.seq + 1 && sharesRun(events[end - 1]!, events[end]!)) end += 1;
    rows.push(end - start === 1 ? encodeEvent(threadId, first) : encodeRun(threadId, events.slice(start, end)));
    start = end;
  }
  return rows;
}

/** The events a row holds: one, or each piece of a run. */
export function decodeEvents(threadId: string, row: EventRow): ThreadEvent[] {
  if (!isRunType(row.type)) return [decodeEvent(threadId, row)];
  const run = RunContentSchema.safeParse(parseJson(threadId, row));
  if (!run.success) throw new Error(`Thread ${threadId} event ${row.seq} is not a valid run of pieces`, { cause: run.error });
  const { content, texts } = run.data;
  // The pieces differ only in their text, which the schema checked: the first stands for all.
  const first = decodeEvent(threadId, { ...row, type: String(content.type), content: JSON.stringify({ ...content, text: texts[0] }) });
  return texts.map((text, index) => ({
    seq: row.seq + index,
    role: first.role,
    content: { ...first.content, text } as ThreadEvent['content'],
  }));
}

export function decodeEvent(threadId: string, row: EventRow): ThreadEvent {
  const parsed = ThreadEventSchema.safeParse({ seq: row.seq, role: row.role, content: parseJson(threadId, row) });
  if (!parsed.success) {
    throw new Error(`Thread ${threadId} event ${row.seq} is not a valid event`, { cause: parsed.error });
  }
  return parsed.data;
}

function parseJson(threadId: string, row: EventRow): unknown {
  try {
    return JSON.parse(row.content);
  } catch (error) {
    throw new Error(`Thread ${threadId} event ${row.seq} is not valid JSON`, { cause: error });
  }
}

/**
 * Whether two pieces, at consecutive seqs, go in one run: the same role and the same content but
 * for its text (the same message, the same thought). Compared key by key, with no key made per piece.
 */
export function sharesRun(previous: RunPiece, next: RunPiece): boolean {
  return previous.role === next.role && mayJoinRun(previous) && mayJoinRun(next) && sameButText(previous.content, next.content);
}

/** What decides a piece's run: its role and its content (the recorder's queued pieces are compared too). */
type RunPiece = Pick<ThreadEvent, 'role' | 'content'>;

function mayJoinRun(event: RunPiece): boolean {
  const { content } = event;
  // A user message stays a row of its own: rewinds and forks find user messages by their rows
  // (server/rewind/user-messages.ts).
  if (event.role === 'user') return false;
  return (content.type === 'text' && content.contentId === undefined) || content.type === 'reasonText';
}

/** The run keeps one copy of what its pieces share: every other key must hold the same value in both. */
function sameButText(a: ThreadEvent['content'], b: ThreadEvent['content']): boolean {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let keys = 0;
  for (const key in left) {
    if (key === 'text') continue;
    if (!Object.hasOwn(right, key) || left[key] !== right[key]) return false;
    keys += 1;
  }
  for (const key in right) if (key !== 'text') keys -= 1;
  return keys === 0;
}

/**
 * A run's row. Only its first piece goes through the schema: the others share its role and content
 * (sharesRun) and add only their text, which is checked to be a string. A fast stream's batch
 * is a run, and parsing each piece again cost about a third of the store's time per batch.
 */
function encodeRun(threadId: string, events: readonly ThreadEvent[]): EventRow {
  const first = checkedEvent(threadId, events[0] as ThreadEvent);
  const texts = events.map((event) => {
    const text = 'text' in event.content ? event.content.text : undefined;
    if (typeof text !== 'string') throw new Error(`Thread ${threadId}: event ${event.seq} has no text to join a run`);
    return text;
  });
  const { text: _text, ...shared } = first.content as ThreadEvent['content'] & { text: string };
  const parts = { sharedJson: JSON.stringify(shared), textsJson: JSON.stringify(texts) };
  const row = { seq: first.seq, role: first.role, type: `${RUN_PREFIX}${first.content.type}`, content: runContent(parts) };
  partsOfRow.set(row, parts);
  return row;
}

/** A run row's content, `{"content": shared, "texts": [...]}`, as JSON.stringify writes it, from its parts' JSON. */
function runContent({ sharedJson, textsJson }: RunParts): string {
  return `{"content":${sharedJson},"texts":${textsJson}}`;
}

/**
 * The last row a thread's pieces were stored in, which the next batch of pieces may join: the
 * row as stored, one of its pieces (what they share is what a joining piece must share) and the
 * seq its next piece would have.
 */
export interface OpenRun {
  row: EventRow;
  piece: ThreadEvent;
  nextSeq: number;
}

/** The run the last of `rows` (encoded from `events`) stays open for; undefined when it joins none. */
export function openRunOf(rows: readonly EventRow[], events: readonly ThreadEvent[]): OpenRun | undefined {
  const row = rows.at(-1);
  const last = events.at(-1);
  return row === undefined || last === undefined || !mayJoinRun(last) ? undefined : { row, piece: last, nextSeq: last.seq + 1 };
}

/**
 * The open run's row with `events` (encoded as `rows`) added to its pieces, when they continue
 * it (the same role and shared content, the next seqs) and the row's content stays within
 * `maxBytes` of UTF-8 (what the database stores, and what must fit its page); else undefined. A
 * piece that joins the stored row rewrites that one row instead of adding one to the table and
 * its indexes: at a commit a piece, as models stream, that is a page written per piece, not three.
 */
export function joinRun(open: OpenRun, events: readonly ThreadEvent[], rows: readonly EventRow[], maxBytes: number): EventRow | undefined {
  const [added, ...more] = rows;
  // Characters are never more than their UTF-8 bytes: a cheap first refusal.
  if (added === undefined || more.length > 0 || open.row.content.length + added.content.length > maxBytes) return undefined;
  if (events.some((event, index) => event.seq !== open.nextSeq + index || !sharesRun(open.piece, event))) return undefined;
  const stored = runParts(open.row);
  const joining = runParts(added);
  if (stored.sharedJson !== joining.sharedJson) return undefined;
  // The texts already in the row are not escaped again: the new ones go on the end of its JSON.
  const parts = { sharedJson: stored.sharedJson, textsJson: `${stored.textsJson.slice(0, -1)},${joining.textsJson.slice(1)}` };
  const content = runContent(parts);
  if (Buffer.byteLength(content) > maxBytes) return undefined;
  const type = isRunType(open.row.type) ? open.row.type : `${RUN_PREFIX}${open.row.type}`;
  const row = { seq: open.row.seq, role: open.row.role, type, content };
  partsOfRow.set(row, parts);
  return row;
}

/**
 * A run's parts as JSON: the content its pieces share and the array of their texts. Kept as the
 * JSON that goes in the row, so a join compares and extends strings, whatever the run's length.
 */
interface RunParts {
  sharedJson: string;
  textsJson: string;
}

/**
 * The parts of the rows this module made (encoded or joined), kept while the row is: a slow stream
 * joins each batch to the row before it, and parsing that row back at every join was a share of
 * the relay's time per piece.
 */
const partsOfRow = new WeakMap<EventRow, RunParts>();

/** A row of one piece or a run as a run's parts. */
function runParts(row: EventRow): RunParts {
  const known = partsOfRow.get(row);
  if (known !== undefined) return known;
  const parsed = JSON.parse(row.content) as Record<string, unknown>;
  if (isRunType(row.type)) return { sharedJson: JSON.stringify(parsed.content), textsJson: JSON.stringify(parsed.texts) };
  const { text, ...content } = parsed;
  return { sharedJson: JSON.stringify(content), textsJson: JSON.stringify([String(text)]) };
}
