/**
 * The agent the composer talks to: the open thread's, or the one a new thread will get. Its
 * description (`config/updated`'s `baton.agents`) says which models, behaviours and menus the
 * composer offers: what an agent lacks is hidden, never faked.
 */
import { BUILTIN_AGENT_NAME, type AgentDescription } from '../lib/protocol/agents';
import type { BatonState } from './baton-state';
import { toolServerOwner, type ToolServer } from './tool-servers-slice';

/** The name of the agent the next prompt goes to. */
export function selectActiveAgentName(state: BatonState): string | null {
  const { selectedThreadId } = state;
  if (selectedThreadId !== null) {
    const thread = state.threads.find((candidate) => candidate.id === selectedThreadId);
    if (thread?.agent) return thread.agent;
  }
  return state.newThreadAgent ?? state.defaultAgent;
}

export function selectActiveAgent(state: BatonState): AgentDescription | undefined {
  const name = selectActiveAgentName(state);
  return state.agents.find((agent) => agent.name === name);
}

/** The servers of the agent the composer talks to (the built-in agent's before any agent is described). */
export function activeAgentServers(servers: readonly ToolServer[], activeAgent: string | null): ToolServer[] {
  const owner = activeAgent ?? BUILTIN_AGENT_NAME;
  return servers.filter((server) => toolServerOwner(server) === owner);
}

const NO_CHOICES: readonly string[] = [];

/** The models the composer offers: the active agent's, or ECA's list before any agent is described. */
export function selectOfferedModels(state: BatonState): readonly string[] {
  const agent = selectActiveAgent(state);
  return agent ? agent.models : (state.chatConfig.models ?? NO_CHOICES);
}

export function selectOfferedBehaviors(state: BatonState): readonly string[] {
  const agent = selectActiveAgent(state);
  return agent ? agent.behaviors : (state.chatConfig.behaviors ?? NO_CHOICES);
}

/** The model the next prompt names: the user's choice while this agent offers it, else the agent's default. */
export function selectPromptModel(state: BatonState): string | null {
  return pick(state.selectedModel, selectOfferedModels(state), selectActiveAgent(state)?.defaultModel);
}

export function selectPromptBehavior(state: BatonState): string | null {
  return pick(state.selectedBehavior, selectOfferedBehaviors(state), selectActiveAgent(state)?.defaultBehavior);
}

function pick(chosen: string | null, offered: readonly string[], fallback: string | undefined): string | null {
  if (chosen !== null && (offered.length === 0 || offered.includes(chosen))) return offered.length === 0 ? null : chosen;
  return fallback ?? offered[0] ?? null;
}
