/**
 * `edit_file`: replaces one exact piece of text. Exactness is the point: an edit whose old text is
 * missing or ambiguous fails and tells the model why, instead of changing the wrong place.
 */
import { z } from 'zod';
import { defineTool, ToolInputError, WorkspacePathSchema } from './builtin-tool';
import { fileChangeDetailsOffLoop } from '../../../workspace/file-change';

export const editFileTool = defineTool({
  name: 'edit_file',
  description:
    'Replace one exact occurrence of old_text with new_text in a workspace file. old_text must appear exactly once: include enough surrounding lines to make it unique. The user sees the diff and must approve it.',
  inputSchema: z.object({
    path: WorkspacePathSchema,
    old_text: z.string().min(1).describe('The exact text to replace, including whitespace.'),
    new_text: z.string().describe('The text to put in its place.'),
  }),
  readOnly: false,
  async prepare({ path, old_text: oldText, new_text: newText }, { workspace }) {
    const shownPath = await workspace.relativePath(path);
    await workspace.assertWritable(path);
    const before = (await workspace.readTextFile(path)).content;
    const after = replaceExactlyOnce(before, oldText, newText, shownPath);
    const details = await fileChangeDetailsOffLoop(shownPath, before, after);
    return {
      summary: `Editing ${shownPath}`,
      details,
      touches: [path],
      async execute() {
        // Replaced again on the current content: the file may have changed while the user decided.
        const current = (await workspace.readTextFile(path)).content;
        await workspace.writeTextFile(path, replaceExactlyOnce(current, oldText, newText, shownPath));
        return `Edited ${shownPath} (+${details.linesAdded} -${details.linesRemoved} lines).`;
      },
    };
  },
});

export function replaceExactlyOnce(text: string, oldText: string, newText: string, shownPath: string): string {
  const first = text.indexOf(oldText);
  if (first === -1) {
    throw new ToolInputError(`old_text was not found in ${shownPath}; it must match the file exactly, including whitespace.`);
  }
  let occurrences = 1;
  // Overlapping matches count too: either one could be the place the model meant.
  for (let next = text.indexOf(oldText, first + 1); next !== -1; next = text.indexOf(oldText, next + 1)) {
    occurrences += 1;
  }
  if (occurrences > 1) {
    throw new ToolInputError(
      `old_text occurs ${occurrences} times in ${shownPath}; include more surrounding text so it matches exactly once.`,
    );
  }
  // Slicing, not String.replace: a `$&` in new_text must stay literal.
  return text.slice(0, first) + newText + text.slice(first + oldText.length);
}
