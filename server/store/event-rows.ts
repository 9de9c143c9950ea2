/**
 * Thread events as database rows: the content is kept as JSON and parsed back with the protocol
 * schema, because the database file is a trust boundary too (it may be old or edited).
 */
import { ThreadEventSchema, type ThreadEvent } from '../../lib/protocol/thread-events';

export interface EventRow {
  seq: number;
  role: string;
  type: string;
  content: string;
}

export function encodeEvent(threadId: string, event: ThreadEvent): EventRow {
  const checked = ThreadEventSchema.parse(event);
  if (checked.seq < 1) throw new Error(`Thread ${threadId}: event seq starts at 1, got ${checked.seq}`);
  return { seq: checked.seq, role: checked.role, type: checked.content.type, content: JSON.stringify(checked.content) };
}

export function decodeEvent(threadId: string, row: EventRow): ThreadEvent {
  let content: unknown;
  try {
    content = JSON.parse(row.content);
  } catch (error) {
    throw new Error(`Thread ${threadId} event ${row.seq} is not valid JSON`, { cause: error });
  }
  const parsed = ThreadEventSchema.safeParse({ seq: row.seq, role: row.role, content });
  if (!parsed.success) {
    throw new Error(`Thread ${threadId} event ${row.seq} is not a valid event`, { cause: parsed.error });
  }
  return parsed.data;
}
