/**
 * Baton's revert of one file from a thread's Changes panel: the file goes back to how it was
 * before the thread first changed it, through the rewind's restores (the same checks, rules and
 * conflicts: lib/protocol/thread-rewind.ts), while the thread keeps every entry.
 */
import { z } from 'zod';
import { ThreadIdSchema } from './thread-model';
import { RewindConflictSchema, RewindFileSchema } from './thread-rewind';

export const ThreadRevertFileParamsSchema = z.object({
  threadId: ThreadIdSchema,
  /** The file as the thread's changes name it; workspace-relative, or absolute inside the workspace. */
  path: z.string().min(1, 'name the file to revert').max(4096),
  /** Revert a file changed since the thread's last write too, losing that later change. */
  overwriteConflict: z.boolean().optional(),
});

/** What was put back (or removed: the thread created it), or why the file was left as it is. */
export const ThreadRevertFileResultSchema = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('reverted'), file: RewindFileSchema }),
  z.object({ outcome: z.literal('conflict'), conflict: RewindConflictSchema }),
]);

export type ThreadRevertFileParams = z.infer<typeof ThreadRevertFileParamsSchema>;
export type ThreadRevertFileResult = z.infer<typeof ThreadRevertFileResultSchema>;
