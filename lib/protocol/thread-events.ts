/**
 * Baton's "nothing lost" extension of the browser protocol: every chat content of a thread has a
 * per-thread sequence number, given when it is committed to the store and before any tab sees
 * it. A tab that missed some (a dropped connection, a sleep, a relay restart) asks for the events
 * after the last number it saw and gets exactly those, from the database.
 */
import { z } from 'zod';
import { ThreadEntrySchema, ThreadIdSchema } from './thread-model';
import { ChatContentReceivedParamsSchema, ChatContentSchema, ChatRoleSchema } from './eca-chat';
import { TurnUsageSchema } from './thread-review';

export const EventSeqSchema = z.number().int().nonnegative();
/** An entry's position in its thread, from 0. */
export const EntryIndexSchema = z.number().int().nonnegative();

export const ThreadEventSchema = z.object({
  seq: EventSeqSchema,
  role: ChatRoleSchema,
  content: ChatContentSchema,
});
export type ThreadEvent = z.infer<typeof ThreadEventSchema>;

/** ECA's notification plus `seq`; absent only for contents that are not part of the history. */
export const SequencedContentReceivedParamsSchema = ChatContentReceivedParamsSchema.extend({
  seq: EventSeqSchema.optional(),
});
export type SequencedContentReceivedParams = z.infer<typeof SequencedContentReceivedParamsSchema>;

/** getThreadEntries answers with where the entries stand, so live events can be joined on exactly. */
export const ThreadSnapshotSchema = z.object({
  entries: z.array(ThreadEntrySchema),
  /** The seq of the last event folded into `entries` (0 for none). */
  lastSeq: EventSeqSchema.default(0),
  /** Whether a turn is running now, so a tab that opens the thread mid-turn offers Stop. */
  turnRunning: z.boolean().default(false),
  /**
   * Baton extension, with `limit`: the position in the thread of `entries[0]`. Above 0, older
   * entries exist: ask for them with `before` set to it. Absent means 0 (the whole thread).
   */
  firstIndex: EntryIndexSchema.optional(),
  /**
   * Baton extension, on the newest page and on a page `around` an entry: the last usage the agent
   * reported in this thread, as the store records it. A page in the middle of a thread holds none
   * of the thread's newest turns, yet a reader of it is shown the thread's usage. Absent when the
   * store has no usage report (no turn reported one, or the thread was imported from a file).
   */
  usage: TurnUsageSchema.optional(),
});
export type ThreadSnapshot = z.infer<typeof ThreadSnapshotSchema>;

/** The most entries one page may ask for. */
export const MAX_ENTRIES_PAGE = 1000;

/**
 * ACP's getThreadEntries params plus Baton's paging: with `limit`, the answer holds the last
 * `limit` entries (and any entry still changing before them, so live events always find theirs),
 * or with `before` too, the `limit` entries just before that position. Without `limit` it holds
 * every entry, as an ACP or ECA client expects.
 */
export const GetThreadEntriesParamsSchema = z
  .object({
    threadId: ThreadIdSchema,
    limit: z.number().int().positive().max(MAX_ENTRIES_PAGE).optional(),
    before: EntryIndexSchema.optional(),
    /** With `limit`: the `limit` entries just after this position, paging towards the end. */
    after: EntryIndexSchema.optional(),
    /**
     * With `limit`: the `limit` entries centred on this position (moved to fit when the thread's
     * start or end is nearer), so a jump to an entry opens in the middle of a long thread and pages
     * both ways from there. acp-threads.md names no paging; the name is Baton's. A position past
     * the end answers the last page: `firstIndex` says where the page starts.
     */
    around: EntryIndexSchema.optional(),
  })
  .refine(
    (params) => (params.before === undefined && params.after === undefined && params.around === undefined) || params.limit !== undefined,
    {
      message: '`before`, `after` and `around` page through the entries: give `limit` with them',
      path: ['limit'],
    },
  )
  .refine((params) => [params.before, params.after, params.around].filter((position) => position !== undefined).length <= 1, {
    message: 'one page at a time: `before`, `after` or `around`, not two of them',
    path: ['around'],
  });
export type GetThreadEntriesParams = z.infer<typeof GetThreadEntriesParamsSchema>;

export const GetThreadEventsParamsSchema = z.object({
  threadId: ThreadIdSchema,
  /** The last seq the tab saw; the answer starts right after it. */
  afterSeq: EventSeqSchema,
});

export const GetThreadEventsResultSchema = z.object({
  events: z.array(ThreadEventSchema),
  /** Whether a turn is running now. */
  turnRunning: z.boolean(),
});
