/**
 * The agent's tool servers as the browser sees them (`tool/serverUpdated`): the built-in tools,
 * always running, and each configured MCP server with its live status. Tabs that join late get
 * the current state; every change is pushed to every tab.
 */
import type { ChatContext } from '../../lib/protocol/eca-chat';
import type { ToolServerUpdatedParams } from '../../lib/protocol/eca/tool-servers';
import type { McpServerManager } from '../agents/builtin/mcp';
import { BUILTIN_TOOLS } from '../agents/builtin/tools/builtin-tools';

export interface ToolServers {
  /** The current state of every server, native first. */
  current(): ToolServerUpdatedParams[];
  stop(name: string): Promise<void>;
  start(name: string): Promise<void>;
  /** MCP resources, offered as `@` contexts. */
  resources(): Promise<ChatContext[]>;
}

const nativeServer: ToolServerUpdatedParams = {
  type: 'native',
  name: 'ECA',
  status: 'running',
  tools: BUILTIN_TOOLS.map((tool) => ({
    name: tool.name,
    description: tool.definition.description ?? '',
    parameters: tool.definition.input_schema,
  })),
};

export function createToolServers(mcp: McpServerManager | undefined): ToolServers {
  return {
    current: () => [nativeServer, ...(mcp?.serverUpdates() ?? [])],
    stop: async (name) => mcp?.stopServer(name),
    start: async (name) => mcp?.startServer(name),
    resources: async () => (mcp ? mcp.listResources() : []),
  };
}
