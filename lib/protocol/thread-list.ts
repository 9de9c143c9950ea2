/**
 * Baton's thread list beyond ACP's `getThreads`: what each listed thread is doing (a turn
 * running, a tool call waiting for approval), archiving, and search results with the matching
 * snippet. Fields here extend ACP's ThreadMetadata (thread-model.ts), so they import nothing of it;
 * the methods and notifications that use them are in thread-list-methods.ts.
 */
import { z } from 'zod';

/** `running`: a turn runs; `waiting`: a tool call of the running turn waits for an approval. */
export const ThreadStatusSchema = z.enum(['running', 'waiting', 'idle']);
export type ThreadStatus = z.infer<typeof ThreadStatusSchema>;

/** A piece of a snippet; `match` marks the words the query found. */
export const SnippetPartSchema = z.object({ text: z.string(), match: z.boolean() });
export type SnippetPart = z.infer<typeof SnippetPartSchema>;

/** Where a search found the thread: its title (no `seq`) or the entry at position `seq`. */
export const SearchMatchSchema = z.object({
  seq: z.number().int().nonnegative().optional(),
  snippet: z.array(SnippetPartSchema),
});
export type SearchMatch = z.infer<typeof SearchMatchSchema>;

/** The longest search query taken: far above anything typed, far below a cost worth worrying about. */
export const MAX_SEARCH_QUERY_LENGTH = 500;

/**
 * `getThreads` filters (Baton extension). Without `archived` the list holds the threads not
 * archived; `query` searches titles and entry text and orders by relevance instead of modifiedAt.
 */
export const ThreadFiltersSchema = z.object({
  agent: z.string().min(1).optional(),
  status: ThreadStatusSchema.optional(),
  archived: z.boolean().optional(),
  query: z.string().max(MAX_SEARCH_QUERY_LENGTH).optional(),
});
export type ThreadFilters = z.infer<typeof ThreadFiltersSchema>;

/** How much of the last message a listed thread carries: a line's worth, not the message. */
export const MAX_LAST_MESSAGE_START = 80;

/** What a listed thread carries besides ACP's metadata. */
export const ThreadListFieldsSchema = z.object({
  status: ThreadStatusSchema.optional(),
  /** RFC 3339; present while the thread is archived. */
  archivedAt: z.string().optional(),
  /** Present in search results. */
  match: SearchMatchSchema.optional(),
  /**
   * The first words of the thread's last message (at most MAX_LAST_MESSAGE_START characters), to
   * tell apart threads of the same title; absent while the thread has no message with text.
   */
  lastMessageStart: z.string().max(MAX_LAST_MESSAGE_START).optional(),
});
