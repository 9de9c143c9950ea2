/**
 * The names MCP tools are offered to the model under: `<server>__<tool>`, within Anthropic's
 * tool name pattern. MCP allows tool names that Anthropic does not (dots, slashes, any length),
 * so such characters become `_`, a name too long is cut and given a short hash of the original,
 * and a clash is settled the same way; the table maps each name back to its server and tool.
 */
import { createHash } from 'node:crypto';

/** Anthropic's rule for tool names. */
export const ANTHROPIC_TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX_NAME_LENGTH = 64;
const HASH_LENGTH = 8;
export const TOOL_NAME_SEPARATOR = '__';

export interface McpToolAddress {
  server: string;
  /** The tool's own name, as its server knows it. */
  tool: string;
}

/** Names for every tool of every server, in the order given; the first comer keeps a plain name. */
export function assignToolNames(servers: ReadonlyArray<{ server: string; tools: readonly string[] }>) {
  const names = new Map<string, McpToolAddress>();
  for (const { server, tools } of servers) {
    for (const tool of tools) {
      let name = prefixedToolName(server, tool);
      if (names.has(name)) name = hashedName(name, `${server}\u0000${tool}`);
      names.set(name, { server, tool });
    }
  }
  return names;
}

export function prefixedToolName(server: string, tool: string): string {
  const name = `${server}${TOOL_NAME_SEPARATOR}${tool.replace(/[^a-zA-Z0-9_-]/g, '_')}`;
  return name.length <= MAX_NAME_LENGTH ? name : hashedName(name, `${server}\u0000${tool}`);
}

function hashedName(name: string, original: string): string {
  const hash = createHash('sha256').update(original).digest('hex').slice(0, HASH_LENGTH);
  return `${name.slice(0, MAX_NAME_LENGTH - HASH_LENGTH - 1)}_${hash}`;
}
