/**
 * The running MCP servers' tools as built-in agent tools (issue 5, "MCP servers"), asked for at
 * every model request so that servers can come and go. They never count as read-only, so the
 * approval policy asks before each call by default and the plan behaviour does not offer them;
 * a result the server marks `isError` goes back to the model as a failed call.
 */
import { isRecord } from '../anthropic-mapper';
import { ToolInputError, type BuiltinTool } from '../tools/builtin-tool';
import type { McpServerManager } from './mcp-server-manager';

type ToolSource = Pick<McpServerManager, 'listTools' | 'resolveTool' | 'callTool'>;

/** A tool call the MCP server answered with `isError`; its message is the server's own text. */
export class McpToolCallError extends Error {
  override readonly name = 'McpToolCallError';
  readonly code = 'mcp-tool-error';
}

export function mcpTools(manager: ToolSource): () => BuiltinTool[] {
  return () =>
    manager.listTools().flatMap((definition) => {
      const address = manager.resolveTool(definition.name);
      return address ? [mcpTool(manager, definition, address)] : [];
    });
}

function mcpTool(
  manager: ToolSource,
  definition: ReturnType<ToolSource['listTools']>[number],
  address: NonNullable<ReturnType<ToolSource['resolveTool']>>,
): BuiltinTool {
  return {
    name: definition.name,
    definition,
    readOnly: false,
    origin: 'mcp',
    server: address.server,
    async prepare(input) {
      // The server validates the arguments against its own schema; only their shape is checked here.
      if (!isRecord(input)) throw new ToolInputError(`Invalid input for ${definition.name}: expected an object`);
      return {
        summary: `Calling ${address.tool} on MCP server ${address.server}`,
        async execute({ signal }) {
          const result = await manager.callTool(definition.name, input, signal);
          if (result.isError) throw new McpToolCallError(result.text || `${address.tool} failed without saying why.`);
          return result.text;
        },
      };
    },
  };
}
