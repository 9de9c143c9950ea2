/**
 * MCP content as the text the model and the chat receive: text as it is, everything else (images,
 * audio, binary resources, links) described in one short line rather than passed on as base64.
 */
import type { BlobResourceContents, CallToolResult, ContentBlock, TextResourceContents } from '@modelcontextprotocol/sdk/types.js';

export function contentBlocksToText(blocks: readonly ContentBlock[]): string {
  return blocks.map(contentBlockToText).join('\n');
}

export function contentBlockToText(block: ContentBlock): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
      return `[image: ${block.mimeType}, ${base64Bytes(block.data)} bytes]`;
    case 'audio':
      return `[audio: ${block.mimeType}, ${base64Bytes(block.data)} bytes]`;
    case 'resource_link':
      return `[resource link: ${block.name} <${block.uri}>${block.mimeType ? `, ${block.mimeType}` : ''}]`;
    case 'resource':
      return resourceContentsToText(block.resource);
    default:
      return `[${(block as { type: string }).type} content]`;
  }
}

export function resourceContentsToText(contents: TextResourceContents | BlobResourceContents): string {
  if ('text' in contents && typeof contents.text === 'string') return contents.text;
  const blob = 'blob' in contents && typeof contents.blob === 'string' ? contents.blob : '';
  return `[binary resource ${contents.uri}: ${contents.mimeType ?? 'unknown type'}, ${base64Bytes(blob)} bytes]`;
}

/**
 * A tool result's text. A result with only structured content (allowed when the tool declares an
 * output schema) is given as its JSON, so the model still sees the answer.
 */
export function toolResultToText(result: CallToolResult): string {
  if (result.content.length === 0 && result.structuredContent !== undefined) {
    return JSON.stringify(result.structuredContent);
  }
  return contentBlocksToText(result.content);
}

/** The decoded size of base64 data, without decoding it. */
function base64Bytes(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}
