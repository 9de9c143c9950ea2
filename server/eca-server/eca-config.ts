/**
 * What the server tells an editor once it is initialized (specs/eca-protocol-v2.md,
 * "Initialization flow"): the models and behaviours with the ones to select (`config/updated`),
 * then its native tools (`tool/serverUpdated`).
 */
import type { ChatBehavior } from '../../lib/protocol/eca-chat';
import type { ConfigUpdatedParams } from '../../lib/protocol/eca/config';
import type { AgentInfo } from '../agents/agent-backend';
import { offeredModels } from '../agents/turn-choices';

/** The built-in agent offers every tool in 'agent' and only those that read in 'plan'. */
export const ECA_BEHAVIORS: readonly ChatBehavior[] = ['agent', 'plan'];
export const DEFAULT_BEHAVIOR: ChatBehavior = 'agent';

export const OFFLINE_DEMO_WELCOME =
  'You are talking to the offline demo model: its answers are scripted. Set ANTHROPIC_API_KEY to use a real model.';

/** The models an agent offers: its list when it has one, else the one model its turns use. */
/** `config/updated` at start-up: the server selects its default model and the editor's behaviour. */
export function startupConfig(info: AgentInfo, behavior: ChatBehavior): ConfigUpdatedParams {
  return {
    chat: {
      models: offeredModels(info),
      behaviors: [...ECA_BEHAVIORS],
      selectModel: info.model,
      selectBehavior: behavior,
      welcomeMessage: info.offlineDemo ? OFFLINE_DEMO_WELCOME : `Ask ${info.name} (${info.model}) anything about this workspace.`,
    },
  };
}
