/**
 * What the server tells an editor about its chat once asked (specs/eca-protocol-v2.md,
 * "Initialization flow"): the models and behaviours with the ones to select, and the welcome
 * message. Real editors read them from the answer to `initialize` (v1's fields, which they open the
 * chat with before anything else comes) and from `config/updated` (v2, and the current protocol,
 * which calls behaviours "agents"), so both carry them, under every name.
 */
import type { ChatBehavior } from '../../lib/protocol/eca-chat';
import type { ConfigUpdatedParams } from '../../lib/protocol/eca/config';
import type { InitializeResult } from '../../lib/protocol/eca/lifecycle';
import type { AgentInfo } from '../agents/agent-backend';
import { offeredModels } from '../agents/turn-choices';

/** The built-in agent offers every tool in 'agent' and only those that read in 'plan'. */
export const ECA_BEHAVIORS: readonly ChatBehavior[] = ['agent', 'plan'];
export const DEFAULT_BEHAVIOR: ChatBehavior = 'agent';

export const OFFLINE_DEMO_WELCOME =
  'You are talking to the offline demo model: its answers are scripted. Set ANTHROPIC_API_KEY to use a real model.';

export function welcomeMessage(info: AgentInfo): string {
  return info.offlineDemo ? OFFLINE_DEMO_WELCOME : `Ask ${info.name} (${info.model}) anything about this workspace.`;
}

/** The answer to `initialize`: v1's fields, which the current protocol keeps the welcome of. */
export function initializeResult(info: AgentInfo, behavior: ChatBehavior): InitializeResult {
  return {
    models: offeredModels(info),
    chatDefaultModel: info.model,
    chatBehaviors: [...ECA_BEHAVIORS],
    chatDefaultBehavior: behavior,
    chatWelcomeMessage: welcomeMessage(info),
  };
}

/** `config/updated` at start-up: the server selects its default model and the editor's behaviour. */
export function startupConfig(info: AgentInfo, behavior: ChatBehavior): ConfigUpdatedParams {
  return {
    chat: {
      models: offeredModels(info),
      behaviors: [...ECA_BEHAVIORS],
      agents: [...ECA_BEHAVIORS],
      selectModel: info.model,
      selectBehavior: behavior,
      selectAgent: behavior,
      // Baton's models have no variants; an empty list is how the current protocol says so.
      variants: [],
      welcomeMessage: welcomeMessage(info),
    },
  };
}
