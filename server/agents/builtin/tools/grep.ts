/**
 * `grep`: searches file contents with a regular expression. Read-only, so it runs without asking
 * by default. Files come from the workspace's glob search, so the jail and the skipped folders are
 * the same as everywhere else; binary and very large files are skipped, as a reader would.
 */
import { z } from 'zod';
import { WorkspaceError } from '../../../workspace/workspace-error';
import type { Workspace } from '../../../workspace/workspace';
import { defineTool, ToolInputError } from './builtin-tool';

export const MAX_GREP_MATCHES = 200;
/** Long lines (minified code) are cut so one match cannot flood the model's context. */
export const MAX_GREP_LINE_LENGTH = 300;

export const grepTool = defineTool({
  name: 'grep',
  description: [
    'Search the text files of the workspace for lines matching a regular expression (JavaScript syntax).',
    'Returns matching lines as "path:line: text".',
    'glob limits the search to some files: without a "/" it matches file names in any folder ("*.ts");',
    'with one, whole paths from the workspace root ("src/**/*.tsx").',
    `Binary files and folders such as node_modules are skipped; at most ${MAX_GREP_MATCHES} matches are returned.`,
  ].join(' '),
  inputSchema: z.object({
    pattern: z.string().min(1).describe('The regular expression to search each line for.'),
    glob: z.string().min(1).optional().describe('Only search files matching this glob; all files when omitted.'),
    case_insensitive: z.boolean().optional().describe('Ignore upper and lower case; false by default.'),
  }),
  readOnly: true,
  async prepare({ pattern, glob, case_insensitive: caseInsensitive }, { workspace }) {
    const regex = compileRegex(pattern, caseInsensitive ?? false);
    const filePattern = glob === undefined ? '**' : glob.includes('/') ? glob : `**/${glob}`;
    return {
      summary: `Searching for ${pattern}${glob === undefined ? '' : ` in ${glob}`}`,
      execute: ({ signal }) => searchFiles(workspace, regex, filePattern, signal),
    };
  },
});

function compileRegex(pattern: string, caseInsensitive: boolean): RegExp {
  try {
    return new RegExp(pattern, caseInsensitive ? 'i' : '');
  } catch (error) {
    throw new ToolInputError(`Invalid regular expression ${pattern}: ${(error as Error).message}`, { cause: error });
  }
}

async function searchFiles(workspace: Workspace, regex: RegExp, filePattern: string, signal: AbortSignal): Promise<string> {
  const files = await workspace.globSearch(filePattern);
  const lines: string[] = [];
  let matchCount = 0;
  let skipped = 0;
  for (const file of files.matches) {
    if (signal.aborted || matchCount >= MAX_GREP_MATCHES) break;
    const content = await readSearchable(workspace, file);
    if (content === undefined) {
      skipped += 1;
      continue;
    }
    content.split('\n').forEach((line, index) => {
      if (matchCount >= MAX_GREP_MATCHES || !regex.test(line)) return;
      matchCount += 1;
      lines.push(`${file}:${index + 1}: ${cut(line.replace(/\r$/, ''))}`);
    });
  }
  if (lines.length === 0) lines.push(`No matches in ${files.matches.length - skipped} files.`);
  if (matchCount >= MAX_GREP_MATCHES) {
    lines.push(`(Stopped at ${MAX_GREP_MATCHES} matches; narrow the pattern or the glob to see the rest.)`);
  }
  if (files.truncated) lines.push('(Only part of the workspace was searched: too many files; narrow the glob.)');
  if (skipped > 0) lines.push(`(${skipped} binary or very large ${skipped === 1 ? 'file was' : 'files were'} skipped.)`);
  return lines.join('\n');
}

/** The file's text, or undefined for files a text search skips (binary, too large). */
async function readSearchable(workspace: Workspace, file: string): Promise<string | undefined> {
  try {
    return (await workspace.readTextFile(file)).content;
  } catch (error) {
    if (error instanceof WorkspaceError && (error.code === 'binary-file' || error.code === 'file-too-large')) return undefined;
    throw error;
  }
}

function cut(line: string): string {
  return line.length > MAX_GREP_LINE_LENGTH ? `${line.slice(0, MAX_GREP_LINE_LENGTH)}…` : line;
}
