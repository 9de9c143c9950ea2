/**
 * What `tool/serverUpdated` carries for an MCP server (specs/eca-protocol-v2.md, "Tool updated"),
 * plus `error`: the spec has no field for why a server failed, and a panel that says only
 * "failed" leaves the user guessing. The protocol schema strips it; a relay that extends the
 * schema (or shows it as a `$/showMessage`) can pass it on.
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { McpServerUpdatedParamsSchema, ServerTool } from '../../../../lib/protocol/eca/tool-servers';
import { isStdioServerConfig, type McpServerConfig } from './mcp-config';

export type McpServerStatus = 'starting' | 'running' | 'failed' | 'stopped' | 'disabled';
export type McpServerUpdatedParams = z.infer<typeof McpServerUpdatedParamsSchema>;
export type McpServerUpdate = McpServerUpdatedParams & {
  /** Why the server failed; present only with status 'failed'. */
  error?: string;
};

export function serverUpdate(
  name: string,
  config: McpServerConfig,
  status: McpServerStatus,
  tools: readonly Tool[],
  error: string | undefined,
): McpServerUpdate {
  const update: McpServerUpdate = {
    type: 'mcp',
    name,
    // An HTTP server has no command; its URL is what starts (reaches) it.
    command: isStdioServerConfig(config) ? config.command : config.url,
    args: isStdioServerConfig(config) ? [...config.args] : [],
    status,
  };
  // The spec: "The tools supported by this mcp server if not disabled".
  if (status !== 'disabled') update.tools = tools.map(serverTool);
  if (status === 'failed' && error !== undefined) update.error = error;
  return update;
}

function serverTool(tool: Tool): ServerTool {
  const described: ServerTool = { name: tool.name, description: tool.description ?? '', parameters: tool.inputSchema };
  // A tool that only runs as an MCP task cannot be called through tools/call, so it is not offered.
  if (isTaskOnlyTool(tool)) described.disabled = true;
  return described;
}

function isTaskOnlyTool(tool: Tool): boolean {
  return tool.execution?.taskSupport === 'required';
}

/** The tools the model is offered: all but those that only run as MCP tasks. */
export function offeredTools(tools: readonly Tool[]): Tool[] {
  return tools.filter((tool) => !isTaskOnlyTool(tool));
}
