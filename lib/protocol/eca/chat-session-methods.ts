/**
 * The current ECA protocol's methods that find, name and mark chats: `chat/list` and `chat/open`
 * (an editor resumes a chat after a restart), `chat/update` (rename, trust), and the flags
 * (`chat/addFlag`, `chat/removeFlag`; `chat/fork` takes a flag's id too, chat-history-methods.ts).
 * Neither seed spec has them and the protocol documents no shapes for some: where it is silent,
 * these are Baton's, in the style of the other chat methods (camelCase, `chatId`, `contentId`).
 */
import { z } from 'zod';
import { MAX_THREAD_TITLE_LENGTH } from '../thread-list-methods';

/** Each says what is wrong in words an editor can show. */
const ChatIdSchema = z.string({ error: 'chatId must be a chat id (a string)' }).min(1, 'chatId is empty');
const ContentIdSchema = z.string({ error: 'contentId must be a content id (a string)' }).min(1, 'contentId is empty');
const TitleSchema = z.string({ error: 'a title must be a string' }).trim().min(1, 'a title cannot be empty').max(MAX_THREAD_TITLE_LENGTH);

/** Absent (or `null`) params list every chat; `limit` keeps the most recently changed ones. */
export const ChatListParamsSchema = z.object({ limit: z.number().int().positive().optional() }).optional();

export const ChatSummarySchema = z.object({
  /** The id the editor knows the chat by (after a restart, the id of the Baton thread behind it). */
  id: z.string(),
  title: z.string(),
  /** When the chat last changed, in milliseconds since the epoch. */
  updatedAt: z.number(),
});
export type ChatSummary = z.infer<typeof ChatSummarySchema>;

/** Most recently changed first. */
export const ChatListResultSchema = z.object({ chats: z.array(ChatSummarySchema) });

/**
 * Opens a stored chat: the server sends `chat/opened`, then its history as `chat/contentReceived`
 * notifications (as a live turn sends them), then answers.
 */
export const ChatOpenParamsSchema = z.object({ chatId: ChatIdSchema });
export const ChatOpenResultSchema = z.object({ found: z.literal(true), chatId: z.string(), title: z.string() });

/**
 * Renames the chat, or asks for trust (approve what would ask). Either may be left out, not both.
 * The answer is the chat as it now is: `trust` is the real state, and `trustRefused` says why a
 * request to turn it on changed nothing (Baton's approval rules decide every call).
 */
export const ChatUpdateParamsSchema = z
  .object({
    chatId: ChatIdSchema,
    title: TitleSchema.optional(),
    trust: z.boolean({ error: 'trust must be true or false' }).optional(),
  })
  .refine((params) => params.title !== undefined || params.trust !== undefined, 'chat/update needs a title or trust');
export const ChatUpdateResultSchema = z.object({
  chatId: z.string(),
  title: z.string(),
  trust: z.boolean(),
  trustRefused: z.string().optional(),
});

/**
 * Marks the point after the content `contentId` (a user message: its turn ends the marked part)
 * with `text`. The answer names the new flag by its own `contentId`, which `chat/removeFlag` and
 * `chat/fork` take.
 */
export const ChatAddFlagParamsSchema = z.object({
  chatId: ChatIdSchema,
  contentId: ContentIdSchema,
  text: z.string({ error: 'a flag needs a text' }).trim().min(1, 'a flag needs a text').max(MAX_THREAD_TITLE_LENGTH),
});
export const ChatAddFlagResultSchema = z.object({ chatId: z.string(), contentId: z.string(), text: z.string() });

/** `contentId` is the flag's own id (the answer to `chat/addFlag`). */
export const ChatRemoveFlagParamsSchema = z.object({ chatId: ChatIdSchema, contentId: ContentIdSchema });
export const ChatRemoveFlagResultSchema = z.looseObject({});
