/**
 * The thread list's own methods and notifications on the browser protocol (baton-protocol.ts):
 * rename, archive, delete with an undo, and the notifications that keep every tab's list live.
 */
import { z } from 'zod';
import { ThreadIdSchema, ThreadMetadataSchema } from './thread-model';

export const MAX_THREAD_TITLE_LENGTH = 200;

export const ThreadRenameParamsSchema = z.object({
  threadId: ThreadIdSchema,
  title: z.string().trim().min(1, 'a title cannot be empty').max(MAX_THREAD_TITLE_LENGTH),
});
export const ThreadArchiveParamsSchema = z.object({ threadId: ThreadIdSchema, archived: z.boolean() });
export const ThreadDeleteParamsSchema = z.object({ threadId: ThreadIdSchema });
export const ThreadRestoreParamsSchema = z.object({ threadId: ThreadIdSchema });
/** The thread as it stands after the change. */
export const ThreadChangeResultSchema = z.object({ thread: ThreadMetadataSchema });
/** A deleted thread can be restored (`thread/restore`) until `restorableUntil`; then it is gone. */
export const ThreadDeleteResultSchema = z.object({ restorableUntil: z.string() });

/** To every tab: a thread was created, renamed, archived, restored, handed over, or its status changed. */
export const ThreadUpdatedParamsSchema = z.object({ thread: ThreadMetadataSchema });
export type ThreadUpdatedParams = z.infer<typeof ThreadUpdatedParamsSchema>;
/** To every tab: a thread was deleted. */
export const ThreadDeletedParamsSchema = z.object({ threadId: ThreadIdSchema });
export type ThreadDeletedParams = z.infer<typeof ThreadDeletedParamsSchema>;

export const threadListRequests = {
  'thread/rename': { params: ThreadRenameParamsSchema, result: ThreadChangeResultSchema },
  'thread/archive': { params: ThreadArchiveParamsSchema, result: ThreadChangeResultSchema },
  'thread/delete': { params: ThreadDeleteParamsSchema, result: ThreadDeleteResultSchema },
  'thread/restore': { params: ThreadRestoreParamsSchema, result: ThreadChangeResultSchema },
} as const;

export const threadListNotifications = {
  'thread/updated': ThreadUpdatedParamsSchema,
  'thread/deleted': ThreadDeletedParamsSchema,
} as const;
