/**
 * `config/updated` (specs/eca-protocol-v2.md, "Config updated"; v2 only): the models and
 * behaviors the server offers.
 */
import { z } from 'zod';
import { AgentDescriptionSchema } from '../agents';
import { ChatBehaviorSchema, ChatModelSchema } from './chat-common';

/**
 * The chat part of `config/updated`. v2 calls the behaviours `behaviors` / `selectBehavior`; the
 * current protocol calls them agents (`agents` / `selectAgent`) and adds model variants and the
 * trust toggle. Baton's server sends both names; read, either name fills both, so code that reads
 * `behaviors` sees what a current server calls agents. Nulls are absent ("no change", as the spec
 * says): nulls-as-absent.ts drops them before this schema.
 */
export const ChatConfigSchema = z
  .object({
    models: z.array(ChatModelSchema).optional(),
    behaviors: z.array(ChatBehaviorSchema).optional(),
    agents: z.array(ChatBehaviorSchema).optional(),
    /** When present, the client must switch to this model. */
    selectModel: ChatModelSchema.optional(),
    /** When present, the client must switch to this behavior. */
    selectBehavior: ChatBehaviorSchema.optional(),
    /** The current protocol's name of `selectBehavior`. */
    selectAgent: ChatBehaviorSchema.optional(),
    /** Current protocol: the selected model's variants; empty when it has none. */
    variants: z.array(z.string()).optional(),
    selectVariant: z.string().optional(),
    selectTrust: z.boolean().optional(),
    /** Shown when a new chat starts. */
    welcomeMessage: z.string().optional(),
  })
  .transform(({ behaviors, agents, selectBehavior, selectAgent, ...chat }) => {
    const offered = behaviors ?? agents;
    const selected = selectBehavior ?? selectAgent;
    return {
      ...chat,
      ...(offered ? { behaviors: offered, agents: offered } : {}),
      ...(selected !== undefined ? { selectBehavior: selected, selectAgent: selected } : {}),
    };
  });

/** `baton` is Baton's own extension: what the agent is, so the UI can label the demo model. */
export const ConfigUpdatedParamsSchema = z.object({
  /** Current protocol: the update is for this chat only; absent, for every chat. */
  chatId: z.string().optional(),
  chat: ChatConfigSchema.optional(),
  baton: z
    .object({
      agentName: z.string(),
      offlineDemo: z.boolean(),
      workspaceName: z.string(),
      /**
       * The relay was started in Baton's own source folder without `--workspace`: the agent would
       * work on Baton itself, so the page asks which project the user meant. Absent otherwise.
       */
      startedInOwnSource: z.boolean().optional(),
      /** Every configured agent and the one a new thread gets (lib/protocol/agents.ts). */
      agents: z.array(AgentDescriptionSchema).optional(),
      defaultAgent: z.string().optional(),
    })
    .optional(),
});
export type ConfigUpdatedParams = z.infer<typeof ConfigUpdatedParamsSchema>;
