/**
 * The current ECA protocol's methods that change a chat's history, and the notifications that tell
 * an editor about it (the editor-code-assistant/eca documentation, `docs/protocol.md`: "Chat
 * rollback", "Chat clear", "Chat fork", "Chat cleared", "Chat opened", "Chat deleted"). Neither
 * seed spec has them; they are what today's editors call. User messages carry the `contentId`
 * these methods name (chat-content.ts, `TextContentSchema`).
 */
import { z } from 'zod';

/** What a rollback undoes: the messages, and (ECA) the file changes the removed tool calls made. */
export const ChatRollbackIncludeSchema = z.enum(['messages', 'tools']);

/**
 * Removes the messages from the user message `contentId` on; the server then sends `chat/cleared`
 * and the kept messages again. An empty or absent `include` means both (ECA's older clients).
 */
export const ChatRollbackParamsSchema = z.object({
  chatId: z.string(),
  contentId: z.string(),
  include: z.array(ChatRollbackIncludeSchema).optional(),
});
export const ChatRollbackResultSchema = z.looseObject({});

/** Empties the chat but keeps it (its id, its title): unlike `chat/delete`, the chat goes on. */
export const ChatClearParamsSchema = z.object({ chatId: z.string(), messages: z.boolean().optional() });
export const ChatClearResultSchema = z.looseObject({});

/**
 * A new chat with the messages up to and including `contentId` (a user message: with its answer;
 * or a flag, chat-session-methods.ts: up to the flag); the server announces it with `chat/opened`,
 * then sends its messages.
 */
export const ChatForkParamsSchema = z.object({ chatId: z.string(), contentId: z.string() });
export const ChatForkResultSchema = z.looseObject({});

/** The server asks the editor to clear the chat's view (before sending what is kept). */
export const ChatClearedParamsSchema = z.object({ chatId: z.string(), messages: z.boolean() });

/** A chat exists that the editor may not know of yet (a fork, or a chat id an editor made up). */
export const ChatOpenedParamsSchema = z.object({ chatId: z.string(), title: z.string().optional() });

/** The chat is gone: the editor removes it. */
export const ChatDeletedParamsSchema = z.object({ chatId: z.string() });
