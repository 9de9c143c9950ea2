/**
 * Baton's record of what a reader of a past thread needs beyond the ECA contents themselves: how
 * each tool call was approved or refused, and how each turn ended with what it cost. Folded into
 * the entries (lib/thread/apply-chat-content.ts), so a thread opened later reads as it did live.
 */
import { z } from 'zod';

/**
 * Who decided a tool call, and how: the user on its card (once, or for the rest of the session),
 * an earlier "Approve for this session", a rule of the user's config file, Baton's own default
 * rules (what only reads runs without a question), or Stop. 'config-rule' without a `rule`, in a
 * thread recorded before the two were told apart, may also have been the defaults.
 */
export const ApprovalDeciderSchema = z.enum(['user-once', 'user-session', 'earlier-session', 'config-rule', 'default-rule', 'stop']);
export type ApprovalDecider = z.infer<typeof ApprovalDeciderSchema>;

/** A rule of the user's config file that decided a call: the file, as the relay names it, and the rule in words. */
export const ConfigRuleSchema = z.object({
  /** Relative to the workspace when the file lies inside it (`.baton/config.json`), else absolute. */
  file: z.string().min(1).max(4096),
  /** `allow write_file`, `allow execute git when its arguments starts with "status"`. */
  rule: z.string().max(2000),
});
export type ConfigRule = z.infer<typeof ConfigRuleSchema>;

export const ToolCallApprovalSchema = z.object({
  decision: z.enum(['approved', 'rejected']),
  by: ApprovalDeciderSchema,
  /** With `by: 'config-rule'`: which rule of which file. */
  rule: ConfigRuleSchema.optional(),
  /** The paired device the user answered from (its name), when not the computer Baton runs on. */
  device: z.string().optional(),
  /** The configured user who answered (lib/protocol/roles.ts), when not the main token's owner. */
  user: z.string().optional(),
});
export type ToolCallApproval = z.infer<typeof ToolCallApprovalSchema>;

/**
 * Why a call ran without a question: a rule of the user's config file ('config'), Baton's default
 * rules ('default'), or an earlier session approval. Relays before 'default' existed said 'config'
 * for both; that value still reads.
 */
export const AutoApprovalSchema = z.enum(['config', 'default', 'session']);
export type AutoApproval = z.infer<typeof AutoApprovalSchema>;

/**
 * Which OS boundary held for what a tool call ran on the user's machine (a shell command, an ACP
 * terminal): sandboxed (server/process/command-sandbox.ts), with or without the network, or not,
 * and why not ('bubblewrap missing', 'turned off by config', ...). Absent on calls that run
 * nothing, and on calls an agent ran by itself, where Baton cannot tell.
 */
export const ToolCallBoundarySchema = z.object({
  sandboxed: z.boolean(),
  /** When sandboxed: whether the command could reach the network. */
  network: z.boolean().optional(),
  /** When not sandboxed: why not. */
  reason: z.string().max(500).optional(),
});
export type ToolCallBoundary = z.infer<typeof ToolCallBoundarySchema>;

/**
 * How a turn ended: it finished, the user stopped it, the agent went away or the relay restarted
 * under it (interrupted), or it failed with an error.
 */
export const TurnOutcomeSchema = z.enum(['done', 'stopped', 'interrupted', 'failed']);
export type TurnOutcome = z.infer<typeof TurnOutcomeSchema>;

/** Tokens in the agent's context now, of the window's size: what the context meter shows. */
export const ContextUsageSchema = z.object({ used: z.number().nonnegative(), size: z.number().positive() });
export type ContextUsage = z.infer<typeof ContextUsageSchema>;

/** The ECA `usage` content as kept in a thread (v2 names). */
export const TurnUsageSchema = z.object({
  sessionTokens: z.number(),
  lastMessageCost: z.string().optional(),
  sessionCost: z.string().optional(),
  limit: z.object({ context: z.number(), output: z.number() }).optional(),
  context: ContextUsageSchema.optional(),
  messageInputTokens: z.number().optional(),
  messageOutputTokens: z.number().optional(),
});
export type TurnUsage = z.infer<typeof TurnUsageSchema>;

/**
 * Baton extension: the end of a turn, with its usage as the agent last reported it. Usage comes
 * before the turn's end, so the entry may hold usage and no outcome yet while the turn runs.
 */
export const TurnSummaryEntrySchema = z.object({
  type: z.literal('turnSummary'),
  outcome: TurnOutcomeSchema.optional(),
  /** With `stopped`: the paired device whose Stop ended the turn. */
  device: z.string().optional(),
  usage: TurnUsageSchema.optional(),
});
export type TurnSummaryEntry = z.infer<typeof TurnSummaryEntrySchema>;
