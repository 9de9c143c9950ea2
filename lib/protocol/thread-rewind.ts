/**
 * Baton's rewind and fork of a thread (browser-facing). A rewind to a user message takes that
 * message and everything after it out of the thread, and puts back the files that the removed
 * tool calls changed through Baton; a fork copies a thread's first entries into a new thread.
 */
import { z } from 'zod';
import { ThreadIdSchema } from './thread-model';
import { EntryIndexSchema } from './thread-events';

/** What a rewind does (or would do) to one file. */
export const FileRestoreActionSchema = z.enum(['restore', 'remove']);

export const RewindFileSchema = z.object({
  /** Workspace-relative. */
  path: z.string(),
  /** Write back its content from before the change, or remove it (the change created it). */
  action: FileRestoreActionSchema,
});

export const RewindConflictSchema = RewindFileSchema.extend({
  /** Why the file was left as it is: it changed since the agent's edit, or cannot be restored. */
  reason: z.string(),
  /** True when `overwriteConflicts` would restore it anyway (false: it cannot be restored at all). */
  overridable: z.boolean(),
});

export const ThreadRewindPreviewParamsSchema = z.object({
  threadId: ThreadIdSchema,
  /** The user message to rewind to (its entry index): it and every later entry leave the thread. */
  toEntry: EntryIndexSchema,
});

export const ThreadRewindPreviewResultSchema = z.object({
  removedEntries: z.number().int().nonnegative(),
  /** The files a rewind restores, one per path. */
  files: z.array(RewindFileSchema),
  /** The files it would leave as they are unless told to overwrite them. */
  conflicts: z.array(RewindConflictSchema),
  /**
   * True when some removed turns are too old for their files to be restored: Baton keeps the
   * workspace checkpoints of each thread's last turns only, and their files are left as they are.
   */
  tooOldToRestore: z.boolean().optional(),
});

export const ThreadRewindParamsSchema = ThreadRewindPreviewParamsSchema.extend({
  /** Put back the files the removed tool calls changed; true when absent. */
  restoreFiles: z.boolean().optional(),
  /** Restore files that changed since the agent's edit too, losing that later change. */
  overwriteConflicts: z.boolean().optional(),
});

export const ThreadRewindResultSchema = z.object({
  removedEntries: z.number().int().nonnegative(),
  restoredFiles: z.array(RewindFileSchema),
  conflicts: z.array(RewindConflictSchema),
  /** As in the preview: the files of the removed turns too old to restore were left as they are. */
  tooOldToRestore: z.boolean().optional(),
});

export const ThreadForkParamsSchema = z.object({
  threadId: ThreadIdSchema,
  /** The new thread holds the entries up to and including this one. */
  atEntry: EntryIndexSchema,
});

export const ThreadForkResultSchema = z.object({ threadId: ThreadIdSchema });

export type RewindFile = z.infer<typeof RewindFileSchema>;
export type RewindConflict = z.infer<typeof RewindConflictSchema>;
export type ThreadRewindPreviewResult = z.infer<typeof ThreadRewindPreviewResultSchema>;
export type ThreadRewindResult = z.infer<typeof ThreadRewindResultSchema>;

export const threadRewindRequests = {
  'thread/rewindPreview': { params: ThreadRewindPreviewParamsSchema, result: ThreadRewindPreviewResultSchema },
  'thread/rewind': { params: ThreadRewindParamsSchema, result: ThreadRewindResultSchema },
  'thread/fork': { params: ThreadForkParamsSchema, result: ThreadForkResultSchema },
} as const;
