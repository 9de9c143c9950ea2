/**
 * The contexts a prompt can carry (specs/eca-protocol-v2.md, "Chat Prompt", `ChatContext`).
 * v1 has the same contexts less `cursor`; v2 deprecates `repoMap` but still lists it, so both
 * are accepted and neither version needs a shape of its own.
 */
import { z } from 'zod';

export const LinesRangeSchema = z.object({ start: z.number().int(), end: z.number().int() });
export type LinesRange = z.infer<typeof LinesRangeSchema>;

export const EditorPositionSchema = z.object({ line: z.number().int(), character: z.number().int() });
export type EditorPosition = z.infer<typeof EditorPositionSchema>;

export const FileContextSchema = z.object({
  type: z.literal('file'),
  path: z.string(),
  /** Absent means the whole file. */
  linesRange: LinesRangeSchema.optional(),
});

export const DirectoryContextSchema = z.object({ type: z.literal('directory'), path: z.string() });

export const WebContextSchema = z.object({ type: z.literal('web'), url: z.string() });

/** Deprecated in v2 (replaced by the `eca_directory_tree` tool), still accepted. */
export const RepoMapContextSchema = z.object({ type: z.literal('repoMap') });

/** v2 only. With no selection, `start` equals `end`. */
export const CursorContextSchema = z.object({
  type: z.literal('cursor'),
  path: z.string(),
  position: z.object({ start: EditorPositionSchema, end: EditorPositionSchema }),
});

export const McpResourceContextSchema = z.object({
  type: z.literal('mcpResource'),
  /** Like `file://foo/bar.clj`. */
  uri: z.string(),
  name: z.string(),
  description: z.string(),
  /** Like `text/markdown`. */
  mimeType: z.string(),
  /** The MCP server that offers the resource. */
  server: z.string(),
});

export const ChatContextSchema = z.discriminatedUnion('type', [
  FileContextSchema,
  DirectoryContextSchema,
  WebContextSchema,
  RepoMapContextSchema,
  CursorContextSchema,
  McpResourceContextSchema,
]);
export type ChatContext = z.infer<typeof ChatContextSchema>;
