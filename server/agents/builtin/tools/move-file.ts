/**
 * `move_file`: moves or renames a file or folder inside the workspace, after the user approves.
 * The card shows a rename diff (and, when a file is replaced, what it loses) before approval.
 */
import { z } from 'zod';
import { WorkspaceError } from '../../../workspace/workspace-error';
import type { MovePlan } from '../../../workspace/workspace-move';
import type { Workspace } from '../../../workspace/workspace';
import { defineTool, WorkspacePathSchema } from './builtin-tool';
import { moveChangeDetails } from '../../../workspace/file-change';
import { readIfExists } from './write-file';

export const moveFileTool = defineTool({
  name: 'move_file',
  description:
    'Move or rename a file or folder inside the workspace, creating missing parent folders. Refuses to replace an existing file unless overwrite is true, and never replaces a folder. The user must approve the move.',
  inputSchema: z.object({
    from: WorkspacePathSchema.describe('The file or folder to move, relative to the workspace root.'),
    to: WorkspacePathSchema.describe('Its new path, relative to the workspace root (the full path, not a folder to move it into).'),
    overwrite: z.boolean().optional().describe('Replace a file already at `to`; false by default.'),
  }),
  readOnly: false,
  async prepare({ from, to, overwrite }, { workspace }) {
    const plan = await workspace.planMove(from, to, { overwrite });
    const details = await moveChangeDetails(plan.fromPath, plan.toPath, await replacedText(workspace, plan));
    return {
      summary: `Moving ${plan.fromPath} to ${plan.toPath}`,
      details,
      touches: [from, to],
      async execute() {
        // Planned again by the move itself: the workspace may have changed while the user decided.
        const moved = await workspace.move(from, to, { overwrite });
        const replaced = moved.replaces ? `, replacing the file that was there` : '';
        return `Moved ${moved.fromPath} to ${moved.toPath}${replaced}.`;
      },
    };
  },
});

/** For a move that replaces a text file: both contents, so the diff shows what is lost. */
async function replacedText(workspace: Workspace, plan: MovePlan): Promise<{ before: string; after: string } | undefined> {
  if (!plan.replaces) return undefined;
  try {
    const before = await readIfExists(workspace, plan.toPath);
    const after = await readIfExists(workspace, plan.fromPath);
    return before === undefined || after === undefined ? undefined : { before, after };
  } catch (error) {
    // A binary or very large file has no text diff; the rename header still says what happens.
    if (error instanceof WorkspaceError && (error.code === 'binary-file' || error.code === 'file-too-large')) {
      return undefined;
    }
    throw error;
  }
}
