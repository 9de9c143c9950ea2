/**
 * Baton's thread model: the thread store and workspace file methods, in the shape of the Agent
 * Communication Protocol seed (specs/acp-threads.md, "Protocol Methods", "Data Structures").
 * ThreadEntry adds Baton's own `toolCall`, `reasoning` and `link` entries beside the spec's `message`
 * and `readFile`; SpecThreadEntry is the spec's own two. The method table and the message envelope
 * are in thread-model-protocol.ts.
 */
import { z } from 'zod';
import { ApprovalOptionSchema } from './agents';
import { ChatContextSchema, FileChangeDetailsSchema, ToolCallOriginSchema } from './eca-chat';
import { ElicitationEntrySchema } from './elicitation';
import { ThreadFiltersSchema, ThreadListFieldsSchema } from './thread-list';
import { ToolCallApprovalSchema, ToolCallBoundarySchema, TurnSummaryEntrySchema } from './thread-review';

export const ThreadIdSchema = z.string().min(1);
export type ThreadId = z.infer<typeof ThreadIdSchema>;

export const ThreadMetadataSchema = z.object({
  id: ThreadIdSchema,
  title: z.string(),
  /** RFC 3339 timestamp. */
  modifiedAt: z.string(),
  /** Baton extension: the name of the configured agent the thread is bound to. */
  agent: z.string().optional(),
  /** Baton extensions of the thread list: status, archivedAt, search match (thread-list.ts). */
  ...ThreadListFieldsSchema.shape,
});
export type ThreadMetadata = z.infer<typeof ThreadMetadataSchema>;

/** Only text chunks exist so far. */
export const MessageChunkSchema = z.object({ type: z.literal('text'), chunk: z.string() });
export type MessageChunk = z.infer<typeof MessageChunkSchema>;

export const RoleSchema = z.enum(['user', 'assistant']);
export type Role = z.infer<typeof RoleSchema>;

export const MessageSchema = z.object({ role: RoleSchema, chunks: z.array(MessageChunkSchema) });
export type Message = z.infer<typeof MessageSchema>;

/**
 * An unsigned 64-bit integer in the spec. JSON numbers above 2^53 lose precision in JavaScript;
 * a version is compared for equality only, and no agent comes near 2^53 edits, so a safe integer
 * is required rather than a string or a bigint.
 */
export const FileVersionSchema = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
export type FileVersion = z.infer<typeof FileVersionSchema>;

export const MessageEntrySchema = MessageSchema.extend({
  type: z.literal('message'),
  /** Baton extension, on a user's prompt: the contexts attached to it. */
  contexts: z.array(ChatContextSchema).optional(),
  /** Baton extension, on a user's prompt: the model it was sent to, when one was chosen. */
  model: z.string().optional(),
  /** Baton extension, on an agent's message: the agent's id for it (ACP `messageId`), when it gave one. */
  messageId: z.string().optional(),
});
export type MessageEntry = z.infer<typeof MessageEntrySchema>;

export const ReadFileEntrySchema = z.object({
  type: z.literal('readFile'),
  path: z.string(),
  content: z.string(),
  /** Baton extension: the version read (readTextFile's), absent from entries made before it was kept. */
  version: FileVersionSchema.optional(),
  /** Baton extension: the tool call that read the file, when an agent's tool did. */
  toolCallId: z.string().optional(),
});
export type ReadFileEntry = z.infer<typeof ReadFileEntrySchema>;

export const ToolCallStatusSchema = z.enum(['preparing', 'waiting-approval', 'running', 'succeeded', 'failed', 'rejected', 'interrupted']);
export type ToolCallStatus = z.infer<typeof ToolCallStatusSchema>;

export const ToolCallEntrySchema = z.object({
  type: z.literal('toolCall'),
  id: z.string(),
  name: z.string(),
  server: z.string(),
  origin: ToolCallOriginSchema,
  status: ToolCallStatusSchema,
  argumentsText: z.string().optional(),
  arguments: z.record(z.string(), z.unknown()).optional(),
  manualApproval: z.boolean().optional(),
  /** Baton extension: the agent's own answers offered on the card (ACP permission options). */
  approvalOptions: z.array(ApprovalOptionSchema).optional(),
  summary: z.string().optional(),
  details: FileChangeDetailsSchema.optional(),
  outputText: z.string().optional(),
  /**
   * Baton extension: what the call printed while it ran, the `outputChunk`s of its
   * `toolCallRunning` contents joined. Kept after it ends, so a stopped command still shows it.
   */
  streamedOutput: z.string().optional(),
  /** Why the call did not run: 'user-choice', 'user-config', or what interrupted it. */
  reason: z.string().optional(),
  totalTimeMs: z.number().optional(),
  /** Baton extension: who approved or refused the call, and how (thread-review.ts). */
  approval: ToolCallApprovalSchema.optional(),
  /** Baton extension: the OS boundary the command ran in (thread-review.ts). */
  boundary: ToolCallBoundarySchema.optional(),
});
export type ToolCallEntry = z.infer<typeof ToolCallEntrySchema>;

/**
 * Baton extension: the model's extended thinking, from ECA's `reasonStarted` / `reasonText` /
 * `reasonFinished` contents (specs/eca-protocol-v2.md "Chat Content Received"), kept so that a
 * reload still shows it. Never sent back to a model as history.
 */
export const ReasoningEntrySchema = z.object({
  type: z.literal('reasoning'),
  /** The reason id of the wire contents. */
  id: z.string(),
  text: z.string(),
  status: z.enum(['thinking', 'finished']),
  /** From `reasonFinished`; absent while thinking and from agents that send no timing. */
  totalTimeMs: z.number().optional(),
});
export type ReasoningEntry = z.infer<typeof ReasoningEntrySchema>;

/** Baton extension: a link the agent pointed to, from ECA's `url` content. */
export const LinkEntrySchema = z.object({ type: z.literal('link'), title: z.string(), url: z.string() });
export type LinkEntry = z.infer<typeof LinkEntrySchema>;

/** Baton extension: where the thread was handed from one agent to another (a `handOver` content). */
export const HandOverEntrySchema = z.object({ type: z.literal('handOver'), from: z.string(), to: z.string() });
export type HandOverEntry = z.infer<typeof HandOverEntrySchema>;

export const ThreadEntrySchema = z.discriminatedUnion('type', [
  MessageEntrySchema,
  ReadFileEntrySchema,
  ToolCallEntrySchema,
  ReasoningEntrySchema,
  LinkEntrySchema,
  HandOverEntrySchema,
  TurnSummaryEntrySchema,
  /** Baton extension: an agent's question to the user, with its answer (elicitation.ts). */
  ElicitationEntrySchema,
]);
export type ThreadEntry = z.infer<typeof ThreadEntrySchema>;

/** The entries the ACP spec knows, for talking to an ACP peer. */
export const SpecThreadEntrySchema = z.discriminatedUnion('type', [MessageEntrySchema, ReadFileEntrySchema]);
export type SpecThreadEntry = z.infer<typeof SpecThreadEntrySchema>;

/** ACP sends `null` params for getThreads and createThread; an omitted params is the same. */
export const NoParamsSchema = z.null().optional();

/**
 * Baton extension: `getThreads` may ask for a page (`limit`, and the `nextCursor` of the page
 * before) and filter (thread-list.ts); without params it answers every thread not archived, as
 * ACP and ECA clients expect.
 */
export const GetThreadsParamsSchema = z
  .object({
    limit: z.number().int().min(1).max(500).optional(),
    cursor: z.string().min(1).optional(),
    ...ThreadFiltersSchema.shape,
  })
  .nullish();
export type GetThreadsParams = z.infer<typeof GetThreadsParamsSchema>;
export const GetThreadsResultSchema = z.object({
  threads: z.array(ThreadMetadataSchema),
  /** Baton extension: present when a page was asked for and more threads follow. */
  nextCursor: z.string().optional(),
});
/** ACP's createThread takes no params; Baton's browser may name the configured agent the thread gets. */
export const CreateThreadParamsSchema = z.object({ agent: z.string().optional() }).nullish();
export const CreateThreadResultSchema = z.object({ threadId: ThreadIdSchema });
export const ThreadParamsSchema = z.object({ threadId: ThreadIdSchema });
export const GetThreadEntriesResultSchema = z.object({ entries: z.array(ThreadEntrySchema) });

export const SendMessageParamsSchema = z.object({ threadId: ThreadIdSchema, message: MessageSchema });
export const StreamMessageChunkParamsSchema = z.object({ threadId: ThreadIdSchema, chunk: MessageChunkSchema });
/** `openThread`, `sendMessage` and `streamMessageChunk` answer `null`. */
export const NullResultSchema = z.null();

/**
 * The file methods. The spec requires `threadId`; it is optional here because Baton's file panel
 * reads outside any thread. A relay talking to an ACP peer always sends it.
 */
export const ReadTextFileParamsSchema = z.object({
  threadId: ThreadIdSchema.optional(),
  path: z.string().min(1),
  lineOffset: z.number().int().nonnegative().optional(),
  lineLimit: z.number().int().positive().optional(),
});
export const ReadTextFileResultSchema = z.object({ version: FileVersionSchema, content: z.string() });
export const ReadBinaryFileParamsSchema = z.object({
  threadId: ThreadIdSchema.optional(),
  path: z.string().min(1),
  byteOffset: z.number().int().nonnegative().optional(),
  byteLimit: z.number().int().positive().optional(),
});
export const ReadBinaryFileResultSchema = z.object({
  version: FileVersionSchema,
  /** Base64. */
  content: z.base64(),
});
export const StatParamsSchema = z.object({ threadId: ThreadIdSchema.optional(), path: z.string() });
export const StatResultSchema = z.object({ exists: z.boolean(), isDirectory: z.boolean() });
export const GlobSearchParamsSchema = z.object({
  threadId: ThreadIdSchema.optional(),
  pattern: z.string().min(1),
});
export const GlobSearchResultSchema = z.object({ matches: z.array(z.string()) });
