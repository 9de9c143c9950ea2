/** `glob`: finds files by name pattern. Read-only, so it runs without asking by default. */
import { z } from 'zod';
import { MAX_GLOB_MATCHES } from '../../../workspace/workspace';
import { defineTool } from './builtin-tool';
import { guardFiles, leftOutNote } from './read-guard';

/** More paths than this help the model less than a narrower pattern would. */
export const MAX_GLOB_RESULTS = 500;

export const globTool = defineTool({
  name: 'glob',
  description: [
    'Find files in the workspace whose path matches a glob pattern, relative to the workspace root.',
    '"*" matches within one folder name, "**" any number of folders, "?" one character, "{a,b}" either.',
    'Examples: "**/*.ts", "src/**/*.{ts,tsx}", "*.md". Folders such as node_modules and .git are skipped.',
    `Returns at most ${MAX_GLOB_RESULTS} paths, one a line, sorted.`,
  ].join(' '),
  inputSchema: z.object({
    pattern: z.string().min(1).describe('The glob pattern, relative to the workspace root.'),
  }),
  readOnly: true,
  async prepare({ pattern }, { workspace, policy }) {
    return {
      summary: `Finding ${pattern}`,
      async execute() {
        const found = await workspace.globSearch(pattern);
        const { allowed: matches, leftOut } = guardFiles(found.matches, policy, 'glob');
        const { truncated } = found;
        const leftOutLine = leftOutNote(leftOut);
        if (matches.length === 0) return [`No files match ${pattern}.`, ...(leftOutLine ? [leftOutLine] : [])].join('\n');
        const shown = matches.slice(0, MAX_GLOB_RESULTS);
        const notes: string[] = leftOutLine ? [leftOutLine] : [];
        if (matches.length > shown.length) {
          notes.push(`(Showing ${shown.length} of ${matches.length}${truncated ? '+' : ''} matches; use a narrower pattern.)`);
        } else if (truncated) {
          notes.push(`(The search stopped after ${MAX_GLOB_MATCHES} matches or a very large tree; use a narrower pattern.)`);
        }
        return [...shown, ...notes].join('\n');
      },
    };
  },
});
