/**
 * Thread entries as database rows: the JSON of the whole entry, parsed back with ThreadEntrySchema,
 * so the protocol schema stays the single source of truth for their shape (the database is a trust
 * boundary too: the file may be old or edited).
 */
import { ThreadEntrySchema, type ThreadEntry } from '../../lib/protocol/thread-model';
import { joinAdjacentTextChunks } from '../../lib/thread/apply-chat-content';
import type { EntryWrite } from './thread-store';

export interface EntryRow {
  seq: number;
  type: string;
  data: string;
}

/**
 * Messages stored before streamed pieces were joined hold a chunk per piece; they load joined, so
 * that the next piece costs the same as in any other message.
 */
export function decodeEntry(threadId: string, seq: number, data: string): ThreadEntry {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch (error) {
    throw new Error(`Thread ${threadId} entry ${seq} is not valid JSON`, { cause: error });
  }
  const parsed = ThreadEntrySchema.safeParse(json);
  if (!parsed.success) {
    throw new Error(`Thread ${threadId} entry ${seq} is not a valid ThreadEntry`, {
      cause: parsed.error,
    });
  }
  return parsed.data.type === 'message' ? joinAdjacentTextChunks(parsed.data) : parsed.data;
}

export function encodeEntry(threadId: string, write: EntryWrite): EntryRow {
  if (!Number.isSafeInteger(write.seq) || write.seq < 0) {
    throw new Error(`Thread ${threadId}: entry seq must be an integer from 0, got ${write.seq}`);
  }
  // Validated on the way in too, so that a bad entry fails where it is made, not at every read.
  const entry = ThreadEntrySchema.parse(write.entry);
  return { seq: write.seq, type: entry.type, data: JSON.stringify(entry) };
}
