/**
 * The line printed under `Baton ready: <url>` saying who answers a new thread, so nobody takes
 * the scripted offline demo for a real model (DESIGN.md, decision 6).
 */
import { BUILTIN_AGENT_NAME } from '../../lib/protocol/agents';
import type { AgentInfo } from '../agents/agent-backend';

export function modelNote(defaultAgent: string, builtin: AgentInfo): string {
  if (defaultAgent !== BUILTIN_AGENT_NAME) return `new threads go to the agent "${defaultAgent}" (--agent or config.json)`;
  if (builtin.offlineDemo) {
    return 'answers come from the offline demo model: scripted, not a real model (no ANTHROPIC_API_KEY set)';
  }
  return `answers come from the real model ${builtin.model} (ANTHROPIC_API_KEY is set)`;
}
