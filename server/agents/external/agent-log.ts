/**
 * The relay's log for one configured agent: every line starts with the agent's name in
 * config.json, so lines of several agents (and of their children) can be told apart.
 */
import type { AgentFactoryContext } from '../agent-factory';

export function agentLog(context: Pick<AgentFactoryContext, 'name' | 'log'>): (message: string) => void {
  return (message) => context.log(`${context.name}: ${message}`);
}
