/**
 * The `config/updated` a tab gets after `initialized` and again whenever an agent's description
 * changes: the built-in agent's models and behaviours in ECA's own fields (what an ECA client
 * reads), and every configured agent in Baton's `baton.agents`.
 */
import path from 'node:path';
import type { ConfigUpdatedParams } from '../../lib/protocol/eca-chat';
import type { AgentRegistry } from '../agents/agent-registry';
import { offeredModels } from '../agents/turn-choices';

export async function agentsConfigMessage(
  agents: AgentRegistry,
  workspaceRoot: string,
  startedInOwnSource = false,
): Promise<ConfigUpdatedParams> {
  const info = agents.builtin.info;
  return {
    chat: {
      models: offeredModels(info),
      behaviors: ['agent', 'plan'],
      selectModel: info.model,
      selectBehavior: 'agent',
      welcomeMessage: info.offlineDemo
        ? 'You are talking to the offline demo model: its answers are scripted. Set ANTHROPIC_API_KEY to use a real model.'
        : `Ask ${info.name} anything about this workspace.`,
    },
    baton: {
      agentName: info.name,
      offlineDemo: info.offlineDemo,
      workspaceName: path.basename(workspaceRoot),
      ...(startedInOwnSource ? { startedInOwnSource } : {}),
      agents: await agents.describe(),
      defaultAgent: agents.defaultAgent,
    },
  };
}
