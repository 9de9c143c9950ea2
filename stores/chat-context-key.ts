/**
 * One string per distinct prompt context (specs/eca-protocol-v2.md, "Chat Prompt", `ChatContext`):
 * the same file with another line range is another context, the same one twice is not.
 */
import type { ChatContext } from '../lib/protocol/eca-chat';

export function chatContextKey(context: ChatContext): string {
  switch (context.type) {
    case 'file':
      return context.linesRange ? `file:${context.path}:${context.linesRange.start}-${context.linesRange.end}` : `file:${context.path}`;
    case 'directory':
      return `directory:${context.path}`;
    case 'web':
      return `web:${context.url}`;
    case 'repoMap':
      return 'repoMap';
    case 'cursor': {
      const { start, end } = context.position;
      return `cursor:${context.path}:${start.line}.${start.character}-${end.line}.${end.character}`;
    }
    case 'mcpResource':
      return `mcpResource:${context.server}:${context.uri}`;
    default: {
      const unreachable: never = context;
      return unreachable;
    }
  }
}
