/** `write_file`: creates or replaces a whole file, after the user approves the diff. */
import { z } from 'zod';
import { WorkspaceError } from '../../../workspace/workspace-error';
import type { Workspace } from '../../../workspace/workspace';
import { defineTool, WorkspacePathSchema } from './builtin-tool';
import { fileChangeDetailsOffLoop } from '../../../workspace/file-change';

export const writeFileTool = defineTool({
  name: 'write_file',
  description:
    'Create a text file in the workspace, or replace all of its content. The user sees the diff and must approve it. Prefer edit_file for small changes to an existing file.',
  inputSchema: z.object({
    path: WorkspacePathSchema,
    content: z.string().describe('The complete new content of the file.'),
  }),
  readOnly: false,
  async prepare({ path, content }, { workspace }) {
    const shownPath = await workspace.relativePath(path);
    await workspace.assertWritable(path);
    const before = await readIfExists(workspace, path);
    const details = await fileChangeDetailsOffLoop(shownPath, before, content);
    return {
      summary: `${before === undefined ? 'Creating' : 'Writing'} ${shownPath}`,
      details,
      touches: [path],
      async execute() {
        await workspace.writeTextFile(path, content);
        const verb = before === undefined ? 'Created' : 'Wrote';
        return `${verb} ${shownPath} (+${details.linesAdded} -${details.linesRemoved} lines).`;
      },
    };
  },
});

/** The current text of a file, or undefined when it does not exist yet. */
export async function readIfExists(workspace: Workspace, path: string): Promise<string | undefined> {
  try {
    return (await workspace.readTextFile(path)).content;
  } catch (error) {
    if (error instanceof WorkspaceError && error.code === 'not-found') return undefined;
    throw error;
  }
}
