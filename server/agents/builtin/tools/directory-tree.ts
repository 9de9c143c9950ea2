/**
 * `directory_tree`: the folders and files under a path, indented, to a depth. Read-only, so it
 * runs without asking by default. Symbolic links are listed but never followed, and generated or
 * vendored folders are named but not listed.
 */
import { z } from 'zod';
import { IGNORED_FOLDERS, type Workspace } from '../../../workspace/workspace';
import { defineTool } from './builtin-tool';

export const DEFAULT_TREE_DEPTH = 3;
export const MAX_TREE_DEPTH = 10;
export const MAX_TREE_ENTRIES = 500;

export const directoryTreeTool = defineTool({
  name: 'directory_tree',
  // Latin-1 only, as every part of Baton's own request text (model-request.test.ts says why).
  description: [
    'List the folders and files under a workspace folder as an indented tree (folders end in "/").',
    `depth is how many levels to list (default ${DEFAULT_TREE_DEPTH}, at most ${MAX_TREE_DEPTH}); an ellipsis after a folder means it has deeper levels not listed.`,
    'node_modules, .git, .next and .baton are named but not listed; symbolic links are marked and not followed.',
    `At most ${MAX_TREE_ENTRIES} entries are returned.`,
  ].join(' '),
  inputSchema: z.object({
    path: z.string().min(1).optional().describe('The folder, relative to the workspace root; the root when omitted.'),
    depth: z.number().int().min(1).max(MAX_TREE_DEPTH).optional().describe('How many levels to list.'),
  }),
  readOnly: true,
  async prepare({ path = '.', depth = DEFAULT_TREE_DEPTH }, { workspace }) {
    const shownPath = await workspace.relativePath(path);
    return {
      summary: `Listing ${shownPath}`,
      execute: ({ signal }) => directoryTree(workspace, shownPath, depth, signal),
    };
  },
});

export async function directoryTree(workspace: Workspace, folder: string, depth: number, signal: AbortSignal): Promise<string> {
  const lines = [folder === '.' ? './' : `${folder}/`];
  let truncated = false;
  const walk = async (current: string, level: number): Promise<void> => {
    for (const entry of await workspace.listFolder(current)) {
      // The first line is the folder itself, not one of its entries.
      if (lines.length - 1 >= MAX_TREE_ENTRIES || signal.aborted) {
        truncated = true;
        return;
      }
      const indent = '  '.repeat(level);
      const child = current === '.' ? entry.name : `${current}/${entry.name}`;
      if (entry.type === 'symlink') {
        lines.push(`${indent}${entry.name} (symbolic link)`);
      } else if (entry.type !== 'folder') {
        lines.push(`${indent}${entry.name}`);
      } else if (entry.protected) {
        lines.push(`${indent}${entry.name}/ (Baton's data folder, not listed)`);
      } else if (IGNORED_FOLDERS.has(entry.name)) {
        lines.push(`${indent}${entry.name}/ (not listed)`);
      } else if (level + 1 >= depth) {
        const hasEntries = (await workspace.listFolder(child)).length > 0;
        lines.push(`${indent}${entry.name}/${hasEntries ? ' …' : ''}`);
      } else {
        lines.push(`${indent}${entry.name}/`);
        await walk(child, level + 1);
      }
    }
  };
  await walk(folder, 0);
  if (truncated) lines.push(`(Stopped at ${MAX_TREE_ENTRIES} entries; list a smaller folder or a lower depth.)`);
  return lines.join('\n');
}
