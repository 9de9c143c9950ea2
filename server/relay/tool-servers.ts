/**
 * The agent's tool servers as the browser sees them (`tool/serverUpdated`): the built-in tools,
 * always running, and each configured MCP server with its live status. Tabs that join late get
 * the current state; every change is pushed to every tab.
 */
import type { ChatContext } from '../../lib/protocol/eca-chat';
import type { ToolServerUpdatedParams } from '../../lib/protocol/eca/tool-servers';
import type { McpServerManager } from '../agents/builtin/mcp';
import { nativeToolServer, type ToolListingAgent } from '../agents/builtin/native-tool-server';

export interface ToolServers {
  /** The current state of every server, native first. */
  current(): ToolServerUpdatedParams[];
  stop(name: string): Promise<void>;
  start(name: string): Promise<void>;
  /** MCP resources, offered as `@` contexts. */
  resources(): Promise<ChatContext[]>;
}

export function createToolServers(agent: ToolListingAgent, mcp: McpServerManager | undefined): ToolServers {
  return {
    current: () => [nativeToolServer(agent), ...(mcp?.serverUpdates() ?? [])],
    stop: async (name) => mcp?.stopServer(name),
    start: async (name) => mcp?.startServer(name),
    resources: async () => (mcp ? mcp.listResources() : []),
  };
}
