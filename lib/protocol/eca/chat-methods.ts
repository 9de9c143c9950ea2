/**
 * The `chat/*` methods of ECA (specs/eca-protocol-v2.md, "Code Assistant Features"), params and
 * results. Directions are in eca-protocol.ts.
 */
import { z } from 'zod';
import { ChatContextSchema } from './chat-context';
import { ChatContentSchema } from './chat-content';
import { ChatBehaviorSchema, ChatModelSchema, ChatRoleSchema } from './chat-common';

/**
 * Baton extension on requests that may come before any thread exists (a new thread's first prompt,
 * its `@` and `/` menus): the configured agent they are meant for. Absent means the default agent.
 */
export const BatonAgentChoiceSchema = z.object({ agent: z.string().optional() }).optional();

export const ChatPromptParamsSchema = z.object({
  /** Absent starts a new chat. */
  chatId: z.string().optional(),
  /**
   * v1 only, and required there: an id matching this prompt to the contents that follow. v2
   * dropped it; the relay emits v2 and so leaves it out.
   */
  requestId: z.string().optional(),
  /** Baton refuses an empty prompt, which the spec does not forbid but no model can answer. */
  message: z.string().min(1, 'the message is empty'),
  model: ChatModelSchema.optional(),
  behavior: ChatBehaviorSchema.optional(),
  contexts: z.array(ChatContextSchema).optional(),
  /** Baton extension: for a prompt that starts a thread, the configured agent to bind it to. */
  baton: BatonAgentChoiceSchema,
});
export type ChatPromptParams = z.infer<typeof ChatPromptParamsSchema>;

/**
 * v1 answers `status: 'success'`; v2 says what the server does next, 'prompting' or 'login'.
 * v1 'success' (the prompt went to the model) is read as 'prompting', which the relay emits.
 */
export const ChatPromptResultSchema = z.object({
  chatId: z.string(),
  model: ChatModelSchema,
  status: z
    .enum(['prompting', 'login', 'success'])
    .transform((status) => (status === 'success' ? 'prompting' : status)),
});
export type ChatPromptResult = z.infer<typeof ChatPromptResultSchema>;

export const ChatContentReceivedParamsSchema = z.object({
  chatId: z.string(),
  role: ChatRoleSchema,
  content: ChatContentSchema,
});
export type ChatContentReceivedParams = z.infer<typeof ChatContentReceivedParamsSchema>;

export const ChatToolCallApproveParamsSchema = z.object({
  chatId: z.string(),
  toolCallId: z.string(),
  /** v2 only: also approve this tool for the rest of the session. */
  save: z.literal('session').optional(),
  /** Baton extension: which of the card's `approvalOptions` the user picked. */
  optionId: z.string().optional(),
});
export type ChatToolCallApproveParams = z.infer<typeof ChatToolCallApproveParamsSchema>;

export const ChatToolCallRejectParamsSchema = z.object({
  chatId: z.string(),
  toolCallId: z.string(),
  /** Baton extension: which of the card's rejecting `approvalOptions` the user picked. */
  optionId: z.string().optional(),
});
export type ChatToolCallRejectParams = z.infer<typeof ChatToolCallRejectParamsSchema>;

export const ChatQueryContextParamsSchema = z.object({
  chatId: z.string().optional(),
  /** A blank query returns every context. */
  query: z.string(),
  /** The contexts already chosen. */
  contexts: z.array(ChatContextSchema),
  /** Baton extension: without a chat, the agent whose contexts to offer. */
  baton: BatonAgentChoiceSchema,
});

export const ChatQueryContextResultSchema = z.object({
  chatId: z.string().optional(),
  contexts: z.array(ChatContextSchema),
});

export const ChatQueryCommandsParamsSchema = z.object({
  chatId: z.string().optional(),
  /** A blank query returns every command. */
  query: z.string(),
  /** Baton extension: without a chat, the agent whose commands to offer. */
  baton: BatonAgentChoiceSchema,
});

/**
 * The spec writes `arguments` as a one-element tuple type (`[{...}]`); it means a list, and a
 * command with no arguments has an empty one.
 */
export const ChatCommandSchema = z.object({
  name: z.string(),
  description: z.string(),
  type: z.enum(['mcp-prompt', 'native']),
  arguments: z.array(
    z.object({ name: z.string(), description: z.string().optional(), required: z.boolean() }),
  ),
});
export type ChatCommand = z.infer<typeof ChatCommandSchema>;

export const ChatQueryCommandsResultSchema = z.object({
  chatId: z.string().optional(),
  commands: z.array(ChatCommandSchema),
});

export const ChatPromptStopParamsSchema = z.object({ chatId: z.string() });
export type ChatPromptStopParams = z.infer<typeof ChatPromptStopParamsSchema>;

export const ChatDeleteParamsSchema = z.object({ chatId: z.string().optional() });

/**
 * v1 gives `chat/delete` the empty result `ChatDeleteResponse {}`. v2 drops it from the chat/delete
 * section and prints it under `chat/selectedBehaviorChanged`, a notification, which cannot have a
 * result: read as misplaced, so `chat/delete` keeps its empty result in both versions.
 */
export const ChatDeleteResultSchema = z.object({});

/** v2 only. */
export const ChatSelectedBehaviorChangedParamsSchema = z.object({ behavior: ChatBehaviorSchema });
