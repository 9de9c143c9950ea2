/**
 * `chat/queryContext`: what the composer's `@` menu offers for a query — workspace files and
 * folders whose path contains it, the repo map, and MCP resources (specs/eca-protocol-v2.md,
 * "Chat Query Context").
 */
import type { ChatContext } from '../../lib/protocol/eca-chat';
import type { Workspace } from '../workspace/workspace';

const MAX_CONTEXTS = 30;

export interface ContextSources {
  workspace: Workspace;
  /** MCP resources of the running servers. */
  resources?: () => Promise<ChatContext[]>;
}

export async function queryContexts(sources: ContextSources, query: string, chosen: readonly ChatContext[]): Promise<ChatContext[]> {
  const needle = query.trim().toLowerCase();
  const matches = (text: string) => needle === '' || text.toLowerCase().includes(needle);
  const { matches: files } = await sources.workspace.globSearch('**/*');

  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split('/');
    for (let depth = 1; depth < parts.length; depth += 1) folders.add(parts.slice(0, depth).join('/'));
  }
  const offered: ChatContext[] = [
    ...(matches('repoMap') || matches('repo map') ? [{ type: 'repoMap' } as const] : []),
    ...[...folders]
      .sort()
      .filter(matches)
      .map((path) => ({ type: 'directory', path }) as const),
    ...files.filter(matches).map((path) => ({ type: 'file', path }) as const),
    ...(sources.resources
      ? (await sources.resources()).filter(
          (resource) => resource.type === 'mcpResource' && (matches(resource.name) || matches(resource.uri)),
        )
      : []),
  ];
  const taken = new Set(chosen.map(contextKey));
  return offered.filter((context) => !taken.has(contextKey(context))).slice(0, MAX_CONTEXTS);
}

function contextKey(context: ChatContext): string {
  switch (context.type) {
    case 'file':
    case 'directory':
    case 'cursor':
      return `${context.type}:${context.path}`;
    case 'web':
      return `web:${context.url}`;
    case 'mcpResource':
      return `mcp:${context.server}:${context.uri}`;
    case 'repoMap':
      return 'repoMap';
    default: {
      const unreachable: never = context;
      return unreachable;
    }
  }
}
