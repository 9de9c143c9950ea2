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
 * The current protocol's inline contexts (`ImageContext`, `TextContext`), which only an editor
 * sends: the server delivers them with the user's message. Any other context type an editor may
 * send later is kept as `{type}` so the prompt is still taken (the server skips it and says so).
 */
export const TextContextSchema = z.object({ type: z.literal('text'), label: z.string(), content: z.string() });
export const ImageContextSchema = z.object({ type: z.literal('image'), mediaType: z.string(), base64: z.string() });
const EditorContextSchema = z.union([ChatContextSchema, TextContextSchema, ImageContextSchema, z.looseObject({ type: z.string() })]);
export type EditorContext = z.infer<typeof EditorContextSchema>;

/**
 * `chat/prompt` as editors send it (the ECA table, eca-protocol.ts), beyond what the browser sends:
 * the current protocol names the behaviour `agent` (both are taken; `agent` wins), and adds
 * `variant` and `trust`. Real clients make the `chatId` up themselves (a UUID per chat buffer):
 * an id the server has not seen starts a new chat with that id.
 */
export const EditorChatPromptParamsSchema = ChatPromptParamsSchema.extend({
  /** v1 says string; clients have sent numbers (eca-emacs counts its prompts). Not used. */
  requestId: z.union([z.string(), z.number()]).optional(),
  agent: ChatBehaviorSchema.optional(),
  /** Current protocol: a named parameter preset of the model. Baton's models have none. */
  variant: z.string().optional(),
  /** Current protocol: approve what would ask. Baton keeps asking (its approval rules decide). */
  trust: z.boolean().optional(),
  contexts: z.array(EditorContextSchema).optional(),
});
export type EditorChatPromptParams = z.infer<typeof EditorChatPromptParamsSchema>;

/**
 * v1 answers `status: 'success'`; v2 says what the server does next, 'prompting' or 'login'.
 * v1 'success' (the prompt went to the model) is read as 'prompting', which the relay emits.
 */
export const ChatPromptResultSchema = z.object({
  chatId: z.string(),
  model: ChatModelSchema,
  /** The current protocol adds 'error' (the prompt could not start; the chat's contents say why). */
  status: z.enum(['prompting', 'login', 'success', 'error']).transform((status) => (status === 'success' ? 'prompting' : status)),
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
  /**
   * v1 and v2 say 'mcp-prompt' or 'native'; the current protocol says 'mcpPrompt' and adds
   * 'customPrompt' and 'skill', both the server's own (read as 'native').
   */
  type: z
    .enum(['mcp-prompt', 'native', 'mcpPrompt', 'customPrompt', 'skill'])
    .transform((type): 'mcp-prompt' | 'native' => (type === 'mcp-prompt' || type === 'mcpPrompt' ? 'mcp-prompt' : 'native')),
  arguments: z.array(
    /** The current protocol makes `required` optional: absent is not required. */
    z.object({ name: z.string(), description: z.string().optional(), required: z.boolean().default(false) }),
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

/** v2; still taken by current servers as the older name of `chat/selectedAgentChanged`. */
export const ChatSelectedBehaviorChangedParamsSchema = z.object({ behavior: ChatBehaviorSchema });

/** Current protocol. Without `chatId` the choice is for every chat. */
export const ChatSelectedAgentChangedParamsSchema = z.object({ chatId: z.string().optional(), agent: ChatBehaviorSchema });

/** Current protocol. Without `chatId` the choice is for every chat. */
export const ChatSelectedModelChangedParamsSchema = z.object({
  chatId: z.string().optional(),
  model: ChatModelSchema,
  variant: z.string().optional(),
});

/**
 * Current protocol, "Chat Query Files": the file contexts only, for an editor's file picker. The
 * answer names them `files`.
 */
export const ChatQueryFilesParamsSchema = z.object({ chatId: z.string().optional(), query: z.string() });
export const ChatQueryFilesResultSchema = z.object({ chatId: z.string().optional(), files: z.array(ChatContextSchema) });

/**
 * Current protocol, "Chat steer prompt": a message typed while a turn runs, given to the model at
 * its next turn boundary (after the tool calls of the current round). One not taken when the turn
 * ends is dropped: the editor then sends it as a prompt of its own.
 */
export const ChatPromptSteerParamsSchema = z.object({ chatId: z.string(), message: z.string() });
/** Current protocol: drops the steer message still waiting, if any. */
export const ChatPromptSteerRemoveParamsSchema = z.object({ chatId: z.string() });
