/**
 * Baton extension of the browser protocol: a thread's facts for its header, and a thread as a
 * file. `thread/export` writes JSON, Markdown or Org (the transcript formats of
 * specs/emacs-agent-http-sse.md, "Get Transcript"); `thread/import` reads a JSON export back as a
 * new thread. Nothing is redacted: an export holds what the thread holds.
 */
import { z } from 'zod';
import { MAX_JSON_DEPTH } from '../json/json-bounds';
import { AgentNameSchema } from './agents';
import { ThreadEntrySchema, ThreadIdSchema } from './thread-model';

/** What a thread's header shows; costs in dollars, null while no turn had a price. */
export const ThreadDetailsSchema = z.object({
  id: ThreadIdSchema,
  title: z.string(),
  agent: z.string(),
  /** The model of the last prompt that named one. */
  model: z.string().nullable(),
  /** The folder the relay works in (the relay's, for threads recorded before it was kept). */
  workspace: z.string().nullable(),
  /** RFC 3339. */
  createdAt: z.string(),
  modifiedAt: z.string(),
  totalTokens: z.number().int().nonnegative(),
  totalCost: z.number().nonnegative().nullable(),
  /** The names of those who acted on the thread (lib/protocol/roles.ts), in the order they first did; "owner" is the main token's holder. */
  people: z.array(z.string()).optional(),
});
export type ThreadDetails = z.infer<typeof ThreadDetailsSchema>;

export const ThreadDetailsParamsSchema = z.object({ threadId: ThreadIdSchema });

/**
 * `thread/changes`: where the thread's tool calls are, and every file its calls changed with each
 * change's diff in order (the Changes view and the next/previous buttons).
 */
export const ThreadChangesResultSchema = z.object({
  /** Entry positions of every tool call, ascending. */
  toolCalls: z.array(z.number().int().nonnegative()),
  /** Entry positions of every call that changed a file, ascending. */
  changes: z.array(z.number().int().nonnegative()),
  files: z.array(
    z.object({
      path: z.string(),
      linesAdded: z.number().int(),
      linesRemoved: z.number().int(),
      /**
       * True when the file is now as it was before the thread first changed it (reverted, or
       * changed back); absent when not, or when Baton cannot tell (an agent that writes itself).
       */
      reverted: z.boolean().optional(),
      changes: z.array(
        z.object({
          entryIndex: z.number().int().nonnegative(),
          diff: z.string(),
          linesAdded: z.number().int(),
          linesRemoved: z.number().int(),
        }),
      ),
    }),
  ),
});
export type ThreadChanges = z.infer<typeof ThreadChangesResultSchema>;

export const ExportFormatSchema = z.enum(['json', 'markdown', 'org']);
export type ExportFormat = z.infer<typeof ExportFormatSchema>;

export const ThreadExportParamsSchema = z.object({ threadId: ThreadIdSchema, format: ExportFormatSchema });
export const ThreadExportResultSchema = z.object({
  /** A name to save it under, like `fix-the-tests-3f2a.md`. */
  fileName: z.string(),
  mimeType: z.string(),
  content: z.string(),
});
export type ThreadExportResult = z.infer<typeof ThreadExportResultSchema>;

/** The largest import taken, in characters of JSON: well above a long thread, far below the socket's own cap. */
export const MAX_IMPORT_CHARS = 50 * 1024 * 1024;
/**
 * The deepest nesting of arrays and objects an import may hold: what an agent may send
 * (MAX_JSON_DEPTH), inside the few levels a file wraps it in (file, entries, entry, arguments)
 * with room to spare. Deeper JSON would import and then break every read of the thread.
 */
export const MAX_THREAD_FILE_DEPTH = MAX_JSON_DEPTH + 16;
/** The most entries an imported thread may hold. */
export const MAX_IMPORT_ENTRIES = 100_000;

export const ThreadImportParamsSchema = z.object({
  content: z.string().min(1, 'the file is empty').max(MAX_IMPORT_CHARS, `an import is at most ${MAX_IMPORT_CHARS} characters`),
});
export const ThreadImportResultSchema = z.object({ threadId: ThreadIdSchema });

export const EXPORT_FORMAT_NAME = 'baton-thread';
export const EXPORT_VERSION = 1;

/** A thread as exported and imported: versioned, so a later Baton can read an older file. */
export const ThreadExportFileSchema = z.object({
  format: z.literal(EXPORT_FORMAT_NAME),
  version: z.literal(EXPORT_VERSION),
  exportedAt: z.string(),
  thread: ThreadDetailsSchema.omit({ id: true }).extend({
    /** The id it had where it was exported; an import gets a new one. */
    id: z.string(),
    agent: AgentNameSchema,
  }),
  entries: z.array(ThreadEntrySchema).max(MAX_IMPORT_ENTRIES),
});
export type ThreadExportFile = z.infer<typeof ThreadExportFileSchema>;
