/**
 * Every `ChatContent` of `chat/contentReceived` (specs/eca-protocol-v2.md, "Chat Content
 * Received"; specs/eca-protocol-v1.md, same section).
 *
 * Where v1 and v2 differ, each schema accepts both and its output is the v2 shape, which is the
 * shape the relay emits: v1 names are renamed to their v2 names, v1-only fields with no v2
 * counterpart are kept as optional fields so nothing is lost, and v2 fields v1 lacks are optional
 * or given the value v1 implies.
 */
import { z } from 'zod';
import { ApprovalOptionSchema } from '../agents';
import { AutoApprovalSchema, ConfigRuleSchema, ContextUsageSchema, ToolCallBoundarySchema, TurnOutcomeSchema } from '../thread-review';
import { ChatContextSchema } from './chat-context';
import { ElicitationAnsweredContentSchema, ElicitationContentSchema } from '../elicitation';

export const ToolCallOriginSchema = z.enum(['mcp', 'native']);
export type ToolCallOrigin = z.infer<typeof ToolCallOriginSchema>;

/**
 * The current protocol adds 'server' (a tool the model provider runs) and 'unknown'; neither is
 * ECA's native tool server, so both read as 'mcp', a tool from elsewhere.
 */
const ReceivedToolCallOriginSchema = z
  .enum(['mcp', 'native', 'server', 'unknown'])
  .transform((origin): ToolCallOrigin => (origin === 'native' ? 'native' : 'mcp'));

export const FileChangeDetailsSchema = z.object({
  type: z.literal('fileChange'),
  path: z.string(),
  diff: z.string(),
  linesAdded: z.number().int(),
  linesRemoved: z.number().int(),
});
export type FileChangeDetails = z.infer<typeof FileChangeDetailsSchema>;

/**
 * `ToolCallDetails` has one member in v1 and v2; the current protocol adds more (`shellCommand`,
 * `jsonOutputs`, `subagent`, `task`). Those are extra presentation hints: they are dropped and the
 * call is kept, so a call never goes missing for details Baton does not draw.
 */
export const ToolCallDetailsSchema = z.union([
  FileChangeDetailsSchema,
  z.looseObject({ type: z.string() }).transform((): undefined => undefined),
]);

/**
 * The spec types arguments as `{[key]: string}` (and `string[]` for `toolCalled`), but a model's
 * arguments are JSON values, so any value is accepted.
 */
const ToolArgumentsSchema = z.record(z.string(), z.unknown());

/** v2 names the output `text`; v1 named it `content`. Both are accepted; the relay emits `text`. */
export const ToolOutputSchema = z
  .object({ type: z.literal('text'), text: z.string().optional(), content: z.string().optional() })
  .transform((output) => ({ type: output.type, text: output.text ?? output.content ?? '' }));

/** ECA names its built-in tool server 'ECA' (`EcaServerUpdatedParams` in "Tool updated"). */
export const NATIVE_TOOL_SERVER = 'ECA';

const toolCallBase = {
  origin: ReceivedToolCallOriginSchema,
  id: z.string(),
  name: z.string(),
  /**
   * v2 only. A v1 call gets the native server's name, or '' for an MCP tool, whose server v1
   * does not say; the relay always emits it.
   */
  server: z.string().optional(),
  /** Like 'Reading file "foo"...'. */
  summary: z.string().optional(),
  details: ToolCallDetailsSchema.optional(),
};

function withServer<T extends { origin: ToolCallOrigin; server?: string | undefined }>(content: T): T & { server: string } {
  return { ...content, server: content.server ?? (content.origin === 'native' ? NATIVE_TOOL_SERVER : '') };
}

export const TextContentSchema = z.object({
  type: z.literal('text'),
  text: z.string(),
  /**
   * Current protocol: the id of a user message, by which an editor rolls the chat back or forks it
   * (`chat/rollback`, `chat/fork`). Only user messages carry it.
   */
  contentId: z.string().optional(),
  /** Baton extension, on a user's prompt: the contexts attached to it. Never sent to an ECA editor. */
  contexts: z.array(ChatContextSchema).optional(),
  /** Baton extension, on a user's prompt: the model chosen for it. Never sent to an ECA editor. */
  model: z.string().optional(),
  /**
   * Baton extension, on an agent's text: the message it belongs to (ACP `ContentChunk.messageId`).
   * Text with another id than the message before it starts a message of its own.
   */
  messageId: z.string().optional(),
});

export const UrlContentSchema = z.object({ type: z.literal('url'), title: z.string(), url: z.string() });

/** What ECA is doing or waiting for; `finished` ends a turn. */
export const ProgressContentSchema = z.object({
  type: z.literal('progress'),
  state: z.enum(['running', 'finished']),
  /** The current protocol may leave it out when `finished`. */
  text: z.string().default(''),
  /** Baton extension, with `finished`: how the turn ended, kept in the thread. Never sent to an ECA editor. */
  outcome: TurnOutcomeSchema.optional(),
  /** Baton extension, with `stopped`: the paired device whose Stop ended the turn, by its name then. */
  device: z.string().min(1).max(60).optional(),
});

/** v1 `messageCost` is v2 `lastMessageCost`; the relay emits `lastMessageCost`. */
export const UsageContentSchema = z
  .object({
    type: z.literal('usage'),
    sessionTokens: z.number(),
    lastMessageCost: z.string().optional(),
    /** v1 name of `lastMessageCost`. */
    messageCost: z.string().optional(),
    sessionCost: z.string().optional(),
    /** v2 only. */
    limit: z.object({ context: z.number(), output: z.number() }).optional(),
    /** Baton extension: the context window in use and its size, as an agent reports them (ACP `usage_update`). */
    context: ContextUsageSchema.optional(),
    /** v1 only (required there): tokens sent on the last prompt. Kept when present. */
    messageInputTokens: z.number().optional(),
    /** v1 only (required there): tokens received for the last prompt. Kept when present. */
    messageOutputTokens: z.number().optional(),
  })
  .transform(({ messageCost, ...usage }) =>
    messageCost === undefined || usage.lastMessageCost !== undefined ? usage : { ...usage, lastMessageCost: messageCost },
  );

export const ReasonStartedContentSchema = z.object({ type: z.literal('reasonStarted'), id: z.string() });

export const ReasonTextContentSchema = z.object({
  type: z.literal('reasonText'),
  id: z.string(),
  text: z.string(),
});

export const ReasonFinishedContentSchema = z.object({
  type: z.literal('reasonFinished'),
  id: z.string(),
  /** v2 (required); v1 has no timing. */
  totalTimeMs: z.number().optional(),
});

/** Sent many times per id in v2, each with the next piece of `argumentsText` to append. */
export const ToolCallPrepareContentSchema = z
  .object({
    type: z.literal('toolCallPrepare'),
    ...toolCallBase,
    argumentsText: z.string(),
    /** v1 only (required there); v2 moved it to `toolCallRun`. Kept when present. */
    manualApproval: z.boolean().optional(),
  })
  .transform(withServer);

/** The call the model asked for, sent once per id; `manualApproval` means it waits for the user. */
export const ToolCallRunContentSchema = z
  .object({
    type: z.literal('toolCallRun'),
    ...toolCallBase,
    arguments: ToolArgumentsSchema,
    manualApproval: z.boolean(),
    /**
     * Baton extension, not in ECA: the agent's own answers to this permission request (an ACP
     * agent's `PermissionOption`s), shown on the card by their labels. Absent: Approve, Approve for
     * this session and Reject.
     */
    approvalOptions: z.array(ApprovalOptionSchema).optional(),
    /** Baton extension, with `manualApproval: false`: what approved it without a question. */
    autoApproved: AutoApprovalSchema.optional(),
    /** Baton extension, with `autoApproved: 'config'`: the rule that allowed it, and its file. */
    approvingRule: ConfigRuleSchema.optional(),
    /** Baton extension: the boundary the command will run in, shown before it is approved. */
    boundary: ToolCallBoundarySchema.optional(),
  })
  .transform(withServer);

/** v2 only: the call is running. */
export const ToolCallRunningContentSchema = z
  .object({
    type: z.literal('toolCallRunning'),
    ...toolCallBase,
    arguments: ToolArgumentsSchema,
    /**
     * Baton extension, not in ECA (which has no content for partial tool output): the next piece
     * of what a running call prints (a shell command's stdout and stderr), to append to the pieces
     * before it. Sent on repeated `toolCallRunning` contents; an ECA client ignores it.
     */
    outputChunk: z.string().optional(),
    /** Baton extension: the boundary the command runs in. An ECA client ignores it. */
    boundary: ToolCallBoundarySchema.optional(),
  })
  .transform(withServer);

export const ToolCalledContentSchema = z
  .object({
    type: z.literal('toolCalled'),
    ...toolCallBase,
    /** Both specs say `string[]`; agents send the call's argument object, so both are accepted. */
    arguments: z.union([ToolArgumentsSchema, z.array(z.unknown())]),
    error: z.boolean(),
    outputs: z.array(ToolOutputSchema),
    /** v2 (required); v1 has no timing. */
    totalTimeMs: z.number().optional(),
    /** Baton extension: the boundary the command ran in. An ECA client ignores it. */
    boundary: ToolCallBoundarySchema.optional(),
  })
  .transform(withServer);

/** Rejections decided by the user's configuration (or a hook of it), not by the user at the prompt. */
const CONFIG_REJECTIONS = new Set(['user-config', 'userConfigDeny', 'hookRejected']);

/**
 * v1 has one reason, 'user'; v2 splits it into 'user-choice' and 'user-config'; the current
 * protocol renames those 'userChoiceDeny' and 'userConfigDeny' and adds 'hookRejected' (a config
 * hook refused it) and 'userPromptStop' / 'userStop' (Stop). Each is read as one of v2's two, which
 * is what the relay emits.
 */
export const ToolCallRejectedReasonSchema = z
  .enum(['user-choice', 'user-config', 'user', 'userChoiceDeny', 'userConfigDeny', 'hookRejected', 'userPromptStop', 'userStop'])
  .transform((reason): 'user-choice' | 'user-config' => (CONFIG_REJECTIONS.has(reason) ? 'user-config' : 'user-choice'));

/** v2 lists it in `ChatContent`; v1 defines it (as `ToolCallRejected`) but leaves it out of the union. */
export const ToolCallRejectedContentSchema = z
  .object({
    type: z.literal('toolCallRejected'),
    ...toolCallBase,
    arguments: ToolArgumentsSchema,
    reason: ToolCallRejectedReasonSchema,
  })
  .transform(withServer);

/**
 * Baton extension, not in ECA: the user (or Stop) answered the call's approval card. Recorded by
 * the relay so the thread keeps who decided and how; `optionId` is the agent's own option picked.
 */
export const ToolCallApprovalContentSchema = z.object({
  type: z.literal('toolCallApproval'),
  id: z.string(),
  decision: z.enum(['approved', 'approved-for-session', 'rejected', 'stopped']),
  optionId: z.string().optional(),
  /** The paired device that answered, by its name then (lib/protocol/devices.ts); absent when the main token's tab did. */
  device: z.string().min(1).max(60).optional(),
  /** The configured user who answered (lib/protocol/roles.ts), by name; absent for the main token and devices. */
  user: z.string().min(1).max(120).optional(),
});

/** v2 only: the chat's title. */
export const MetadataContentSchema = z.object({ type: z.literal('metadata'), title: z.string() });

/**
 * Baton extension, not in ECA: the thread was handed from one configured agent to another, which
 * continues with the thread's history as context. Never sent to an ECA editor.
 */
export const HandOverContentSchema = z.object({ type: z.literal('handOver'), from: z.string(), to: z.string() });

/**
 * Baton extension, not in ECA: the thread was rewound, and holds only its first `toEntry` entries
 * from here on. Recorded with the next seq, so a tab that replays the thread by seq (live, or
 * after a lost connection) cuts its entries where the relay did. Never sent to an ECA editor.
 */
export const ThreadRewoundContentSchema = z.object({ type: z.literal('threadRewound'), toEntry: z.number().int().nonnegative() });

/**
 * Baton extension, not in ECA: the agent read a workspace file, at this version (the
 * `readTextFile` version, specs/acp-threads.md "FileVersion"), so a reviewer can tell which
 * version it saw. Folded into a `readFile` entry. `toolCallId` names the call that read it, whose
 * result already carries the text to the model. Never sent to an ECA editor.
 */
export const FileReadContentSchema = z.object({
  type: z.literal('fileRead'),
  path: z.string(),
  content: z.string(),
  version: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  toolCallId: z.string().optional(),
});

export type FileReadContent = z.infer<typeof FileReadContentSchema>;

export const ChatContentSchema = z.discriminatedUnion('type', [
  TextContentSchema,
  UrlContentSchema,
  ProgressContentSchema,
  UsageContentSchema,
  ReasonStartedContentSchema,
  ReasonTextContentSchema,
  ReasonFinishedContentSchema,
  ToolCallPrepareContentSchema,
  ToolCallRunContentSchema,
  ToolCallRunningContentSchema,
  ToolCalledContentSchema,
  ToolCallRejectedContentSchema,
  MetadataContentSchema,
  HandOverContentSchema,
  ThreadRewoundContentSchema,
  ToolCallApprovalContentSchema,
  FileReadContentSchema,
  /** Baton extensions: an agent's question to the user and its end (lib/protocol/elicitation.ts). Never sent to an ECA editor. */
  ElicitationContentSchema,
  ElicitationAnsweredContentSchema,
]);
/** A content as the relay emits it: always the v2 shape. */
export type ChatContent = z.infer<typeof ChatContentSchema>;
/** A content as it may arrive: v1 or v2. */
export type ChatContentInput = z.input<typeof ChatContentSchema>;
export type ChatContentType = ChatContent['type'];
