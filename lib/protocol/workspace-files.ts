/**
 * Baton's additions to the workspace file methods (specs/acp-threads.md, "Protocol Methods":
 * `readTextFile`, `readBinaryFile`, `globSearch`), for the file panel, and its own `listDirectory`
 * for the panel's tree. The additions are optional members, so a message in the spec's own shape
 * still parses; an ACP peer is spoken to with the spec's schemas in thread-model.ts.
 */
import { z } from 'zod';
import {
  GlobSearchParamsSchema,
  GlobSearchResultSchema,
  ReadBinaryFileParamsSchema,
  ReadBinaryFileResultSchema,
  ReadTextFileResultSchema,
  ThreadIdSchema,
} from './thread-model';

import { MAX_BINARY_PAGE_BYTES, MAX_GLOB_SEARCH_MATCHES } from './workspace-file-limits';

export { MAX_BINARY_PAGE_BYTES, MAX_GLOB_SEARCH_MATCHES };

const ByteCountSchema = z.number().int().nonnegative();

export const WorkspaceReadTextFileResultSchema = ReadTextFileResultSchema.extend({
  /** Lines in the whole file, so a reader of one page knows how many pages there are. */
  lineCount: z.number().int().nonnegative().optional(),
  /** Bytes in the whole file. */
  size: ByteCountSchema.optional(),
});
export type WorkspaceReadTextFileResult = z.infer<typeof WorkspaceReadTextFileResultSchema>;

export const WorkspaceReadBinaryFileParamsSchema = ReadBinaryFileParamsSchema.extend({
  byteLimit: z.number().int().positive().max(MAX_BINARY_PAGE_BYTES).optional(),
});
export const WorkspaceReadBinaryFileResultSchema = ReadBinaryFileResultSchema.extend({
  /** Bytes in the whole file, so a reader of one range knows what is left. */
  size: ByteCountSchema.optional(),
});
export type WorkspaceReadBinaryFileResult = z.infer<typeof WorkspaceReadBinaryFileResultSchema>;

export const WorkspaceGlobSearchParamsSchema = GlobSearchParamsSchema.extend({
  /** At most this many matches (a quick-open list wants a few). */
  limit: z.number().int().positive().max(MAX_GLOB_SEARCH_MATCHES).optional(),
  /** Letters match either case. */
  ignoreCase: z.boolean().optional(),
  /** Also what the workspace's .gitignore files ignore; by default it is left out. */
  includeIgnored: z.boolean().optional(),
});
export const WorkspaceGlobSearchResultSchema = GlobSearchResultSchema.extend({
  /** The search stopped at its cap: more files match. */
  truncated: z.boolean().optional(),
});

export const DirectoryEntryKindSchema = z.enum(['file', 'directory', 'symlink', 'other']);
export type DirectoryEntryKind = z.infer<typeof DirectoryEntryKindSchema>;

export const DirectoryEntrySchema = z.object({
  name: z.string().min(1),
  kind: DirectoryEntryKindSchema,
  /** A file's size in bytes. */
  size: ByteCountSchema.optional(),
  /** What a symbolic link leads to, when it is a file or folder inside the workspace that may be read. */
  target: z.enum(['file', 'directory']).optional(),
});
export type DirectoryEntry = z.infer<typeof DirectoryEntrySchema>;

export const ListDirectoryParamsSchema = z.object({
  threadId: ThreadIdSchema.optional(),
  /** Workspace-relative; `.` is the workspace itself. */
  path: z.string().min(1),
  /** Leave out what the workspace's .gitignore files ignore (and `.git`). */
  gitignore: z.boolean().optional(),
});
export const ListDirectoryResultSchema = z.object({
  /** Sorted by name; Baton's data folder never among them. */
  entries: z.array(DirectoryEntrySchema),
  /** The folder has more entries than one listing answers. */
  truncated: z.boolean(),
});
export type ListDirectoryResult = z.infer<typeof ListDirectoryResultSchema>;
