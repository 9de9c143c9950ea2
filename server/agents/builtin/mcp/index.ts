/**
 * MCP servers for the built-in agent (issue 5, "MCP servers"): the config, the manager that runs
 * them, and the shapes it hands to the ECA side (tool/serverUpdated, chat/queryCommands,
 * chat/queryContext).
 */
export { McpToolCallError, mcpTools } from './mcp-builtin-tools';
export { McpClientError, type McpClientErrorCode } from './mcp-client-error';
export {
  McpServerConfigSchema,
  McpServerNameSchema,
  McpServersConfigSchema,
  type McpServerConfig,
  type McpServerConfigInput,
  type McpServersConfig,
  type McpServersConfigInput,
} from './mcp-config';
export { parsePromptCommand, promptCommand, type McpPrompt, type McpPromptMessages } from './mcp-prompts';
export type { McpResourceContext } from './mcp-resources';
export {
  McpServerManager,
  type McpServerManagerOptions,
  type McpServerUpdateListener,
  type McpToolResult,
} from './mcp-server-manager';
export type { McpServerStatus, McpServerUpdate, McpServerUpdatedParams } from './mcp-server-update';
export type { McpToolAddress } from './mcp-tool-names';
