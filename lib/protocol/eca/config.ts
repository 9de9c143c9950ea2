/**
 * `config/updated` (specs/eca-protocol-v2.md, "Config updated"; v2 only): the models and
 * behaviors the server offers.
 */
import { z } from 'zod';
import { AgentDescriptionSchema } from '../agents';
import { ChatBehaviorSchema, ChatModelSchema } from './chat-common';

type WithoutNulls<T> = { [K in keyof T]?: Exclude<T[K], null | undefined> };

/** The spec: "if a field is missing/null, means it had no change". Both become a missing field. */
function dropNulls<T extends Record<string, unknown>>(value: T): WithoutNulls<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, field]) => field !== null && field !== undefined),
  ) as WithoutNulls<T>;
}

export const ChatConfigSchema = z
  .object({
    models: z.array(ChatModelSchema).nullish(),
    behaviors: z.array(ChatBehaviorSchema).nullish(),
    /** When present, the client must switch to this model. */
    selectModel: ChatModelSchema.nullish(),
    /** When present, the client must switch to this behavior. */
    selectBehavior: ChatBehaviorSchema.nullish(),
    /** Shown when a new chat starts. */
    welcomeMessage: z.string().nullish(),
  })
  .transform(dropNulls);

/** `baton` is Baton's own extension: what the agent is, so the UI can label the demo model. */
export const ConfigUpdatedParamsSchema = z.object({
  chat: ChatConfigSchema.nullish()
    .transform((chat) => chat ?? undefined)
    .optional(),
  baton: z
    .object({
      agentName: z.string(),
      offlineDemo: z.boolean(),
      workspaceName: z.string(),
      /** Every configured agent and the one a new thread gets (lib/protocol/agents.ts). */
      agents: z.array(AgentDescriptionSchema).optional(),
      defaultAgent: z.string().optional(),
    })
    .optional(),
});
export type ConfigUpdatedParams = z.infer<typeof ConfigUpdatedParamsSchema>;
