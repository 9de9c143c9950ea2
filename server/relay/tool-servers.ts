/**
 * The agents' tool servers as the browser sees them (`tool/serverUpdated`): the built-in agent's
 * native tools, always running, and its configured MCP servers; then the servers each started
 * external agent runs itself (an ECA server's), tagged with the agent's name. Tabs that join late
 * get the current state; every change is pushed to every tab.
 */
import { BUILTIN_AGENT_NAME } from '../../lib/protocol/agents';
import type { ChatContext } from '../../lib/protocol/eca-chat';
import type { ToolServerUpdatedParams } from '../../lib/protocol/eca/tool-servers';
import type { AgentToolServers } from '../agents/agent-backend';
import type { AgentRegistry } from '../agents/agent-registry';
import type { McpServerManager } from '../agents/builtin/mcp';
import { nativeToolServer, type ToolListingAgent } from '../agents/builtin/native-tool-server';

export interface ToolServers {
  /** The current state of every server: the built-in agent's first, native before MCP. */
  current(): ToolServerUpdatedParams[];
  /** `agent` is the server's owner as its updates name it; absent means the built-in agent. */
  stop(name: string, agent?: string): Promise<void>;
  start(name: string, agent?: string): Promise<void>;
  /** The built-in agent's MCP resources, offered as `@` contexts. */
  resources(): Promise<ChatContext[]>;
  onUpdated(listener: (server: ToolServerUpdatedParams) => void): void;
}

export function createToolServers(builtin: ToolListingAgent, mcp: McpServerManager | undefined, agents: AgentRegistry): ToolServers {
  const external = (): Array<[string, AgentToolServers]> =>
    [...agents.startedBackends()].flatMap(([name, backend]) =>
      name !== BUILTIN_AGENT_NAME && backend.toolServers ? [[name, backend.toolServers] as [string, AgentToolServers]] : [],
    );
  const ownedBy = async (agent: string): Promise<AgentToolServers> => {
    const servers = (await agents.get(agent)).toolServers;
    if (!servers) throw new Error(`${agent} runs no tool servers of its own.`);
    return servers;
  };

  return {
    current: () => [
      nativeToolServer(builtin),
      ...(mcp?.serverUpdates() ?? []),
      ...external().flatMap(([agent, servers]) => servers.current().map((server) => owned(agent, server))),
    ],
    async stop(name, agent) {
      if (agent === undefined || agent === BUILTIN_AGENT_NAME) await mcp?.stopServer(name);
      else await (await ownedBy(agent)).stop(name);
    },
    async start(name, agent) {
      if (agent === undefined || agent === BUILTIN_AGENT_NAME) await mcp?.startServer(name);
      else await (await ownedBy(agent)).start(name);
    },
    resources: async () => (mcp ? mcp.listResources() : []),
    onUpdated(listener) {
      mcp?.onServerUpdated(listener);
      const follow = (agent: string, servers: AgentToolServers) => servers.onUpdated((server) => listener(owned(agent, server)));
      for (const [agent, servers] of external()) follow(agent, servers);
      agents.onStarted((agent, backend) => {
        if (agent !== BUILTIN_AGENT_NAME && backend.toolServers) follow(agent, backend.toolServers);
      });
    },
  };
}

function owned(agent: string, server: ToolServerUpdatedParams): ToolServerUpdatedParams {
  return { ...server, baton: { agent } };
}
