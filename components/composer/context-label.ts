/** How a prompt context reads in the `@` menu and on its chip. */
import type { ChatContext } from '../../lib/protocol/eca-chat';
import type { LinesRange } from '../../lib/protocol/eca/chat-context';

export function contextLabel(context: ChatContext): string {
  switch (context.type) {
    case 'file':
      return context.linesRange ? `${context.path}:${context.linesRange.start}-${context.linesRange.end}` : context.path;
    case 'directory':
      return context.path.endsWith('/') ? context.path : `${context.path}/`;
    case 'web':
      return context.url;
    case 'repoMap':
      return 'Repository map';
    case 'cursor':
      return `${context.path}:${context.position.start.line + 1}`;
    case 'mcpResource':
      return context.name;
    default: {
      const unreachable: never = context;
      return unreachable;
    }
  }
}

export function contextKindLabel(context: ChatContext): string {
  switch (context.type) {
    case 'file':
      return 'file';
    case 'directory':
      return 'folder';
    case 'web':
      return 'web';
    case 'repoMap':
      return 'map';
    case 'cursor':
      return 'cursor';
    case 'mcpResource':
      return context.server;
    default: {
      const unreachable: never = context;
      return unreachable;
    }
  }
}

/** A further line, when the label leaves something out. */
export function contextDetail(context: ChatContext): string | undefined {
  if (context.type === 'mcpResource') return context.description || context.uri;
  return undefined;
}

/** The context as chosen: a file typed as `path:10-20` carries those lines. */
export function withLinesRange(context: ChatContext, linesRange: LinesRange | undefined): ChatContext {
  return context.type === 'file' && linesRange ? { ...context, linesRange } : context;
}
