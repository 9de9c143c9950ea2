/**
 * `thread/setAgentSetting`: turns one of the agent's on/off settings (`AgentDescription.settings`)
 * on or off in the thread's session; for an ACP agent, `session/set_config_option` with
 * `type: "boolean"`. The answer is every setting as the agent then reports it (its word is final),
 * and the agents' descriptions are sent again in `config/updated`.
 */
import { z } from 'zod';
import { AgentSettingSchema } from './agents';
import { ThreadIdSchema } from './thread-model';

export const ThreadSetAgentSettingParamsSchema = z.object({
  threadId: ThreadIdSchema,
  settingId: z.string().min(1, 'a setting id cannot be empty'),
  value: z.boolean(),
});
export type ThreadSetAgentSettingParams = z.infer<typeof ThreadSetAgentSettingParamsSchema>;
export const ThreadSetAgentSettingResultSchema = z.object({ settings: z.array(AgentSettingSchema) });

export const threadAgentSettingRequests = {
  'thread/setAgentSetting': { params: ThreadSetAgentSettingParamsSchema, result: ThreadSetAgentSettingResultSchema },
} as const;
