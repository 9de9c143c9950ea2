/**
 * ECA chat messages, as the browser speaks them (specs/eca-protocol-v2.md, "Code Assistant
 * Features"). v2 is the superset; v1 shapes that differ are accepted where noted.
 */
import { z } from 'zod';

export const ChatBehaviorSchema = z.enum(['agent', 'plan']);
export type ChatBehavior = z.infer<typeof ChatBehaviorSchema>;

export const ChatRoleSchema = z.enum(['user', 'system', 'assistant']);
export type ChatRole = z.infer<typeof ChatRoleSchema>;

const LinesRangeSchema = z.object({ start: z.number().int(), end: z.number().int() });
const PositionSchema = z.object({ line: z.number().int(), character: z.number().int() });

export const ChatContextSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('file'), path: z.string(), linesRange: LinesRangeSchema.optional() }),
  z.object({ type: z.literal('directory'), path: z.string() }),
  z.object({ type: z.literal('web'), url: z.string() }),
  z.object({ type: z.literal('repoMap') }),
  z.object({
    type: z.literal('cursor'),
    path: z.string(),
    position: z.object({ start: PositionSchema, end: PositionSchema }),
  }),
  z.object({
    type: z.literal('mcpResource'),
    uri: z.string(),
    name: z.string(),
    description: z.string(),
    mimeType: z.string(),
    server: z.string(),
  }),
]);
export type ChatContext = z.infer<typeof ChatContextSchema>;

export const ChatPromptParamsSchema = z.object({
  chatId: z.string().optional(),
  message: z.string().min(1, 'the message is empty'),
  model: z.string().optional(),
  behavior: ChatBehaviorSchema.optional(),
  contexts: z.array(ChatContextSchema).optional(),
});
export type ChatPromptParams = z.infer<typeof ChatPromptParamsSchema>;

export const ChatPromptResultSchema = z.object({
  chatId: z.string(),
  model: z.string(),
  status: z.enum(['prompting', 'login']),
});
export type ChatPromptResult = z.infer<typeof ChatPromptResultSchema>;

export const ToolCallOriginSchema = z.enum(['mcp', 'native']);

export const FileChangeDetailsSchema = z.object({
  type: z.literal('fileChange'),
  path: z.string(),
  diff: z.string(),
  linesAdded: z.number().int(),
  linesRemoved: z.number().int(),
});
export type FileChangeDetails = z.infer<typeof FileChangeDetailsSchema>;

/** The model's arguments are JSON values even where the spec writes `{[key]: string}`. */
const ToolArgumentsSchema = z.record(z.string(), z.unknown());

const toolCallBase = {
  origin: ToolCallOriginSchema,
  id: z.string(),
  name: z.string(),
  server: z.string(),
  summary: z.string().optional(),
  details: FileChangeDetailsSchema.optional(),
};

/** v2 names the output `text`; v1 named it `content`. Both are accepted; the relay emits v2. */
export const ToolOutputSchema = z
  .object({ type: z.literal('text'), text: z.string().optional(), content: z.string().optional() })
  .transform((output) => ({ type: output.type, text: output.text ?? output.content ?? '' }));

export const ChatContentSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('url'), title: z.string(), url: z.string() }),
  z.object({ type: z.literal('progress'), state: z.enum(['running', 'finished']), text: z.string() }),
  z.object({
    type: z.literal('usage'),
    sessionTokens: z.number(),
    lastMessageCost: z.string().optional(),
    sessionCost: z.string().optional(),
    limit: z.object({ context: z.number(), output: z.number() }).optional(),
  }),
  z.object({ type: z.literal('reasonStarted'), id: z.string() }),
  z.object({ type: z.literal('reasonText'), id: z.string(), text: z.string() }),
  z.object({ type: z.literal('reasonFinished'), id: z.string(), totalTimeMs: z.number() }),
  z.object({ type: z.literal('toolCallPrepare'), ...toolCallBase, argumentsText: z.string() }),
  z.object({
    type: z.literal('toolCallRun'),
    ...toolCallBase,
    arguments: ToolArgumentsSchema,
    manualApproval: z.boolean(),
  }),
  z.object({ type: z.literal('toolCallRunning'), ...toolCallBase, arguments: ToolArgumentsSchema }),
  z.object({
    type: z.literal('toolCalled'),
    ...toolCallBase,
    arguments: z.union([ToolArgumentsSchema, z.array(z.unknown())]),
    error: z.boolean(),
    outputs: z.array(ToolOutputSchema),
    totalTimeMs: z.number().optional(),
  }),
  z.object({
    type: z.literal('toolCallRejected'),
    ...toolCallBase,
    arguments: ToolArgumentsSchema,
    reason: z.enum(['user-choice', 'user-config']),
  }),
  z.object({ type: z.literal('metadata'), title: z.string() }),
]);
export type ChatContent = z.infer<typeof ChatContentSchema>;
export type ChatContentInput = z.input<typeof ChatContentSchema>;

export const ChatContentReceivedParamsSchema = z.object({
  chatId: z.string(),
  role: ChatRoleSchema,
  content: ChatContentSchema,
});
export type ChatContentReceivedParams = z.infer<typeof ChatContentReceivedParamsSchema>;

export const ChatToolCallApproveParamsSchema = z.object({
  chatId: z.string(),
  toolCallId: z.string(),
  save: z.literal('session').optional(),
});

export const ChatToolCallRejectParamsSchema = z.object({
  chatId: z.string(),
  toolCallId: z.string(),
});

export const ChatPromptStopParamsSchema = z.object({ chatId: z.string() });

export const InitializeParamsSchema = z.object({
  processId: z.number().int().nullable(),
  clientInfo: z.object({ name: z.string(), version: z.string().optional() }).optional(),
  initializationOptions: z.object({ chatBehavior: ChatBehaviorSchema.optional() }).optional(),
  capabilities: z.object({}).passthrough(),
  workspaceFolders: z.array(z.object({ uri: z.string(), name: z.string() })),
});

export const InitializeResultSchema = z.object({}).passthrough();

/** `baton` is Baton's own extension: what the agent is, so the UI can label the demo model. */
export const ConfigUpdatedParamsSchema = z.object({
  chat: z
    .object({
      models: z.array(z.string()).optional(),
      behaviors: z.array(ChatBehaviorSchema).optional(),
      selectModel: z.string().optional(),
      selectBehavior: ChatBehaviorSchema.optional(),
      welcomeMessage: z.string().optional(),
    })
    .optional(),
  baton: z
    .object({
      agentName: z.string(),
      offlineDemo: z.boolean(),
      workspaceName: z.string(),
    })
    .optional(),
});
export type ConfigUpdatedParams = z.infer<typeof ConfigUpdatedParamsSchema>;
