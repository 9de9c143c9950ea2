/**
 * The user's configuration file, `<data-dir>/config.json`: the approval policy (`toolApproval`,
 * read by the agent's policy) and the MCP servers (`mcpServers`). It lives in the data folder,
 * which the agent may not write, so the agent cannot loosen its own policy.
 */
import type { AgentConfig } from '../agents/builtin/policy/agent-config';
import { McpServerManager, McpServersConfigSchema } from '../agents/builtin/mcp';

export const CONFIG_FILE = 'config.json';

export function createMcpServers(
  config: AgentConfig,
  options: { cwd: string; log: (message: string) => void },
): McpServerManager | undefined {
  const parsed = McpServersConfigSchema.safeParse(config.mcpServers ?? {});
  if (!parsed.success) {
    throw new Error(`The mcpServers section of ${CONFIG_FILE} is invalid: ${parsed.error.message}`);
  }
  if (Object.keys(parsed.data).length === 0) return undefined;
  return new McpServerManager({ servers: parsed.data, cwd: options.cwd, log: options.log });
}
