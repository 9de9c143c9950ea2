/** `read_file`: read-only, so it runs without asking the user. */
import { z } from 'zod';
import { defineTool, WorkspacePathSchema } from './builtin-tool';

export const readFileTool = defineTool({
  name: 'read_file',
  description:
    'Read a UTF-8 text file from the workspace (at most 1 MB) and return its content. To read part of a long file, give offset (lines to skip: offset 10 starts at line 11) and limit (at most this many lines); either may be given alone.',
  inputSchema: z.object({
    path: WorkspacePathSchema,
    offset: z.number().int().nonnegative().optional().describe('Lines to skip from the start of the file.'),
    limit: z.number().int().positive().optional().describe('Read at most this many lines.'),
  }),
  readOnly: true,
  async prepare({ path, offset, limit }, { workspace }) {
    const shownPath = await workspace.relativePath(path);
    return {
      summary: `Reading ${shownPath}`,
      async execute({ reportRead }) {
        const file = await workspace.readTextFile(path, { lineOffset: offset, lineLimit: limit });
        reportRead?.({ path: shownPath, content: file.content, version: file.version });
        return file.content;
      },
    };
  },
});
