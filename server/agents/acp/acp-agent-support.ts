/**
 * What an ACP agent says it supports, read from its answer to `initialize`
 * (https://agentclientprotocol.com/protocol/initialization) for the UI to show. A capability the
 * agent leaves out is one it lacks; `sessionCapabilities` are named by key, a null one left out.
 * The agent is untrusted: a field of the wrong shape is read as absent, never a failed start.
 */
import type { InitializeResponse } from '@agentclientprotocol/sdk';
import type { AgentSupport } from '../../../lib/protocol/agents';

type Loose = Record<string, unknown>;

function object(value: unknown): Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Loose) : {};
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function agentSupport(answer: InitializeResponse): AgentSupport {
  const capabilities = object(answer.agentCapabilities);
  const prompt = object(capabilities.promptCapabilities);
  const mcp = object(capabilities.mcpCapabilities);
  const sessions = object(capabilities.sessionCapabilities);
  const info = object(answer.agentInfo);
  const name = text(info.title) ?? text(info.name);
  const version = text(info.version);
  const methods: unknown[] = Array.isArray(answer.authMethods) ? answer.authMethods : [];
  return {
    ...(name ? { agentName: name } : {}),
    ...(version ? { agentVersion: version } : {}),
    loadSession: capabilities.loadSession === true,
    prompt: { image: prompt.image === true, audio: prompt.audio === true, embeddedContext: prompt.embeddedContext === true },
    mcp: { http: mcp.http === true, sse: mcp.sse === true },
    sessionCapabilities: Object.keys(sessions)
      .filter((key) => !key.startsWith('_') && sessions[key] !== null && sessions[key] !== undefined && sessions[key] !== false)
      .sort(),
    authMethods: methods.flatMap((method) => {
      const named = text(object(method).name) ?? text(object(method).id);
      return named ? [named] : [];
    }),
  };
}
