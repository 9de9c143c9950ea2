/**
 * Baton's own extension of the browser protocol: which agents the relay has configured, what each
 * can do (so the UI hides what one lacks rather than faking it), and the agent's own answers to a
 * permission request (ACP's `PermissionOption`s) offered on an approval card.
 */
import { z } from 'zod';

export const AgentKindSchema = z.enum(['builtin', 'eca', 'autohand', 'emacs-agent', 'acp']);
export type AgentKind = z.infer<typeof AgentKindSchema>;

/** A configured agent's name: what a thread records and the browser names; never a command. */
export const AgentNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'an agent name is letters, digits, ".", "_" or "-", at most 64');
export type AgentName = z.infer<typeof AgentNameSchema>;

export const BUILTIN_AGENT_NAME = 'builtin';

export const AgentCapabilitiesSchema = z.object({
  /** `@` contexts in the composer (chat/queryContext) reach the agent. */
  contexts: z.boolean(),
  /** `/` commands (chat/queryCommands). */
  commands: z.boolean(),
  /** MCP servers the relay lists and starts or stops (tool/serverUpdated, mcp/*). */
  toolServers: z.boolean(),
  /** "Approve for this session" means something to the agent or to the relay for it. */
  sessionApproval: z.boolean(),
  /** A message sent mid-turn can reach the agent at its next step (`thread/steer`); absent means no. */
  steering: z.boolean().optional(),
});
export type AgentCapabilities = z.infer<typeof AgentCapabilitiesSchema>;

/**
 * What an ACP agent said it supports in its answer to `initialize`
 * (https://agentclientprotocol.com/protocol/initialization), known once it has started.
 */
export const AgentSupportSchema = z.object({
  /** The agent's own name and version (`agentInfo`), when it gave them. */
  agentName: z.string().optional(),
  agentVersion: z.string().optional(),
  /** `session/load`: a thread's session is taken up again after a restart. */
  loadSession: z.boolean(),
  /** What a prompt may carry besides text (`promptCapabilities`). */
  prompt: z.object({ image: z.boolean(), audio: z.boolean(), embeddedContext: z.boolean() }),
  /** The MCP transports it connects to besides stdio (`mcpCapabilities`). */
  mcp: z.object({ http: z.boolean(), sse: z.boolean() }),
  /** The session methods it offers (`sessionCapabilities`' keys, e.g. resume, list, close). */
  sessionCapabilities: z.array(z.string()),
  /** The names of the ways it offers to log in (`authMethods`). */
  authMethods: z.array(z.string()),
});
export type AgentSupport = z.infer<typeof AgentSupportSchema>;

/**
 * An on/off setting the agent offers for its sessions: an ACP `boolean` config option
 * (https://agentclientprotocol.com/protocol/session-config-options), with the value its session
 * last reported. The agent's word is final: the page shows what the agent answered.
 */
export const AgentSettingSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  description: z.string().optional(),
  value: z.boolean(),
});
export type AgentSetting = z.infer<typeof AgentSettingSchema>;

export const AgentDescriptionSchema = z.object({
  name: AgentNameSchema,
  /** What the UI shows, e.g. "Claude Code (ACP)". */
  label: z.string(),
  kind: AgentKindSchema,
  offlineDemo: z.boolean(),
  /** The models a user may pick; empty when the agent chooses its own. */
  models: z.array(z.string()),
  /** The model used when the user picks none; absent when the agent chooses. */
  defaultModel: z.string().optional(),
  /** Behaviours (ECA) or modes (ACP); empty when the agent has none to pick. */
  behaviors: z.array(z.string()),
  defaultBehavior: z.string().optional(),
  /** The agent's on/off settings, as its latest session reported them; absent when it has none. */
  settings: z.array(AgentSettingSchema).optional(),
  capabilities: AgentCapabilitiesSchema,
  /** What the agent said it supports once started; absent before, and for agents that do not say. */
  support: AgentSupportSchema.optional(),
});
export type AgentDescription = z.infer<typeof AgentDescriptionSchema>;

/** `config/updated`'s `baton.agents`: every configured agent, and the one a new thread gets. */
export const AgentsConfigSchema = z.object({
  agents: z.array(AgentDescriptionSchema),
  defaultAgent: AgentNameSchema,
});

/**
 * One of the agent's own answers to a permission request, as ACP's `PermissionOption`
 * (`session/request_permission`): the card shows `name` and sends `optionId` back.
 */
export const ApprovalOptionSchema = z.object({
  optionId: z.string(),
  name: z.string(),
  kind: z.enum(['allow_once', 'allow_always', 'reject_once', 'reject_always']),
});
export type ApprovalOption = z.infer<typeof ApprovalOptionSchema>;

/** `thread/handOver`: hand a thread to another configured agent, which gets its history as context. */
export const ThreadHandOverParamsSchema = z.object({ threadId: z.string().min(1), agent: AgentNameSchema });
export const ThreadHandOverResultSchema = z.object({ agent: AgentNameSchema });
