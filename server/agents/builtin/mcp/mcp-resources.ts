/**
 * MCP resources as chat contexts (specs/eca-protocol-v2.md, "Chat Query Context",
 * `McpResourceContext`), and a resource's contents as text.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { z } from 'zod';
import type { McpResourceContextSchema } from '../../../../lib/protocol/eca/chat-context';
import { resourceContentsToText } from './mcp-content';

export type McpResourceContext = z.infer<typeof McpResourceContextSchema>;

/** A completion list, not an index: a server with thousands of resources is cut off here. */
export const MAX_RESOURCES_PER_SERVER = 500;
const MAX_LIST_PAGES = 50;

export async function listServerResources(server: string, client: Client, timeoutMs: number): Promise<McpResourceContext[]> {
  const contexts: McpResourceContext[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES && contexts.length < MAX_RESOURCES_PER_SERVER; page += 1) {
    const result = await client.listResources(cursor ? { cursor } : {}, { timeout: timeoutMs });
    for (const resource of result.resources) {
      contexts.push({
        type: 'mcpResource',
        uri: resource.uri,
        name: resource.name,
        // The spec makes both strings; MCP makes both optional.
        description: resource.description ?? resource.title ?? '',
        mimeType: resource.mimeType ?? '',
        server,
      });
    }
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return contexts.slice(0, MAX_RESOURCES_PER_SERVER);
}

/** Every content of the resource as text, joined by blank lines; binary content is described. */
export async function readServerResource(client: Client, uri: string, timeoutMs: number, signal?: AbortSignal): Promise<string> {
  const result = await client.readResource({ uri }, { timeout: timeoutMs, signal });
  return result.contents.map(resourceContentsToText).join('\n\n');
}
