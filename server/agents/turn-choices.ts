/**
 * What a prompt may choose of an agent, the same for every front end (the browser relay and the
 * ECA stdio server): which models are offered, which one a turn uses, and which `/` commands match.
 */
import type { ChatCommand } from '../../lib/protocol/eca/chat-methods';
import type { AgentInfo } from './agent-backend';

export function offeredModels(info: AgentInfo): string[] {
  return info.models && info.models.length > 0 ? [...info.models] : [info.model];
}

/** The model a turn really uses: the one asked for if it is offered, else the agent's default. */
export function chooseModel(info: AgentInfo, requested: string | undefined): string {
  return requested !== undefined && offeredModels(info).includes(requested) ? requested : info.model;
}

/**
 * A blank query returns every command ("Chat Query Commands"); else those whose name contains it,
 * with or without the `/` a completion may leave in front.
 */
export function matchingCommands(commands: readonly ChatCommand[], query: string): ChatCommand[] {
  const needle = query.trim().replace(/^\//, '').toLowerCase();
  return commands.filter((command) => needle === '' || command.name.toLowerCase().includes(needle));
}
