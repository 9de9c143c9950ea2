/**
 * What an ACP agent says it supports, read from its answer to `initialize`
 * (https://agentclientprotocol.com/protocol/initialization) for the UI to show. A capability the
 * agent leaves out is one it lacks; `sessionCapabilities` are named by key, a null one left out.
 */
import type { InitializeResponse } from '@agentclientprotocol/sdk';
import type { AgentSupport } from '../../../lib/protocol/agents';

export function agentSupport(answer: InitializeResponse): AgentSupport {
  const capabilities = answer.agentCapabilities ?? {};
  const prompt = capabilities.promptCapabilities ?? {};
  const mcp = capabilities.mcpCapabilities ?? {};
  const sessions = (capabilities.sessionCapabilities ?? {}) as Record<string, unknown>;
  return {
    ...(answer.agentInfo?.name ? { agentName: answer.agentInfo.title || answer.agentInfo.name } : {}),
    ...(answer.agentInfo?.version ? { agentVersion: answer.agentInfo.version } : {}),
    loadSession: capabilities.loadSession === true,
    prompt: { image: prompt.image === true, audio: prompt.audio === true, embeddedContext: prompt.embeddedContext === true },
    mcp: { http: mcp.http === true, sse: mcp.sse === true },
    sessionCapabilities: Object.keys(sessions)
      .filter((key) => !key.startsWith('_') && sessions[key] !== null && sessions[key] !== undefined && sessions[key] !== false)
      .sort(),
    authMethods: (answer.authMethods ?? []).map((method) => method.name || method.id),
  };
}
