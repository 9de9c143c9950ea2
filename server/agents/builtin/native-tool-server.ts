/**
 * ECA's native tool server (`tool/serverUpdated` with type 'native', name 'ECA'): the agent's own
 * tools, as the browser's Tools tab and an ECA editor both see them.
 */
import type { ChatBehavior } from '../../../lib/protocol/eca-chat';
import type { ServerTool, ToolServerUpdatedParams } from '../../../lib/protocol/eca/tool-servers';
import type { BuiltinTool } from './tools/builtin-tool';
import { BUILTIN_TOOLS } from './tools/builtin-tools';

/** The tools an agent can list, as the built-in agent does; any other agent is described by the built-in tools. */
export interface ToolListingAgent {
  toolsFor?(behavior: ChatBehavior | undefined): readonly BuiltinTool[];
}

/** ECA's native tool server: the agent's own tools (MCP tools belong to their servers' updates). */
export function nativeToolServer(agent: ToolListingAgent): ToolServerUpdatedParams {
  const tools = agent.toolsFor ? agent.toolsFor('agent') : BUILTIN_TOOLS;
  return {
    type: 'native',
    name: 'ECA',
    status: 'running',
    tools: tools.filter((tool) => (tool.origin ?? 'native') === 'native').map(describeTool),
  };
}

function describeTool(tool: BuiltinTool): ServerTool {
  return {
    name: tool.definition.name,
    description: tool.definition.description ?? '',
    parameters: tool.definition.input_schema,
  };
}
