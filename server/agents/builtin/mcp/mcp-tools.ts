/**
 * MCP tools on the model's side: the Anthropic tool definition (the server's input schema passed
 * through untouched), and a call whose result comes back as text.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { toolResultToText } from './mcp-content';

export interface McpToolResult {
  text: string;
  /** The server reported the call as failed; the text says why. */
  isError: boolean;
}

export function anthropicToolDefinition(name: string, tool: Tool): Anthropic.Tool {
  return {
    name,
    ...(tool.description === undefined ? {} : { description: tool.description }),
    // MCP requires `type: 'object'` at the top, as Anthropic does.
    input_schema: tool.inputSchema as Anthropic.Tool.InputSchema,
  };
}

export async function callServerTool(
  client: Client,
  tool: string,
  args: Record<string, unknown>,
  options: { signal?: AbortSignal; timeoutMs: number },
): Promise<McpToolResult> {
  // With the default result schema the SDK has validated a CallToolResult; its declared return
  // type also admits the pre-2024 `toolResult` shape, which that schema never lets through.
  const result = (await client.callTool({ name: tool, arguments: args }, undefined, {
    signal: options.signal,
    timeout: options.timeoutMs,
  })) as CallToolResult;
  return { text: toolResultToText(result), isError: result.isError === true };
}
