/**
 * `grep`: searches file contents with a regular expression. Read-only, so it runs without asking
 * by default. Files come from the workspace's glob search, so the jail and the skipped folders are
 * the same as everywhere else; binary and very large files are skipped, as a reader would. The
 * pattern runs in a worker thread with a time limit (off-loop-worker.ts), so a pattern that
 * backtracks catastrophically stops this call, not the relay.
 */
import { z } from 'zod';
import { WorkspaceError, type WorkspaceErrorCode } from '../../../workspace/workspace-error';
import type { Workspace } from '../../../workspace/workspace';
import type { ApprovalPolicy } from '../../../guard/approval-policy';
import { defineTool, ToolInputError } from './builtin-tool';
import { OffLoopTimeLimitError, OffLoopWorker } from '../../../workspace/off-loop/off-loop-worker';
import { guardFiles, leftOutNote } from './read-guard';

export const MAX_GREP_MATCHES = 200;
/** For a whole search: past it the worker running the pattern is ended and the model told why. */
export const GREP_TIME_LIMIT_MS = 10_000;
/** Files a text search passes over, as a reader would: binary, too large, or not a file at all. */
const SKIPPED_FILES: ReadonlySet<WorkspaceErrorCode> = new Set(['binary-file', 'file-too-large', 'not-a-regular-file']);
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
  async prepare({ pattern, glob, case_insensitive: caseInsensitive }, { workspace, policy }) {
    const regex = compileRegex(pattern, caseInsensitive ?? false);
    const filePattern = glob === undefined ? '**' : glob.includes('/') ? glob : `**/${glob}`;
    return {
      summary: `Searching for ${pattern}${glob === undefined ? '' : ` in ${glob}`}`,
      execute: ({ signal }) => searchFiles(workspace, regex, filePattern, signal, policy),
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

/** The search behind the tool; `timeLimitMs` is GREP_TIME_LIMIT_MS unless a test chooses less. */
export async function searchFiles(
  workspace: Workspace,
  regex: RegExp,
  filePattern: string,
  signal: AbortSignal,
  policy: ApprovalPolicy | undefined,
  timeLimitMs = GREP_TIME_LIMIT_MS,
): Promise<string> {
  const files = await workspace.globSearch(filePattern);
  const { allowed, leftOut } = guardFiles(files.matches, policy, 'grep');
  const lines: string[] = [];
  let matchCount = 0;
  let skipped = 0;
  const worker = new OffLoopWorker({ timeLimitMs, signal });
  let file: string | undefined;
  try {
    for (file of allowed) {
      if (signal.aborted || matchCount >= MAX_GREP_MATCHES) break;
      const content = await readSearchable(workspace, file);
      if (content === undefined) {
        skipped += 1;
        continue;
      }
      const found = await worker.run({
        kind: 'grep',
        source: regex.source,
        flags: regex.flags,
        text: content,
        maxMatches: MAX_GREP_MATCHES - matchCount,
      });
      for (const { line, text } of found) lines.push(`${file}:${line}: ${cut(text.replace(/\r$/, ''))}`);
      matchCount += found.length;
    }
  } catch (error) {
    if (error instanceof OffLoopTimeLimitError) throw new Error(timeLimitText(regex, file, timeLimitMs), { cause: error });
    throw error;
  } finally {
    await worker.close();
  }
  if (lines.length === 0) lines.push(`No matches in ${allowed.length - skipped} files.`);
  if (matchCount >= MAX_GREP_MATCHES) {
    lines.push(`(Stopped at ${MAX_GREP_MATCHES} matches; narrow the pattern or the glob to see the rest.)`);
  }
  if (files.truncated) lines.push('(Only part of the workspace was searched: too many files; narrow the glob.)');
  if (skipped > 0) lines.push(`(${skipped} binary or very large ${skipped === 1 ? 'file was' : 'files were'} skipped.)`);
  const leftOutLine = leftOutNote(leftOut);
  if (leftOutLine) lines.push(leftOutLine);
  return lines.join('\n');
}

function timeLimitText(regex: RegExp, file: string | undefined, timeLimitMs: number): string {
  return [
    `The search was stopped after ${timeLimitMs / 1000} s${file === undefined ? '' : ` (in ${file})`}:`,
    `the regular expression ${regex.source} takes too long, probably because it backtracks catastrophically`,
    '(nested quantifiers such as (a*)* ). Search again with a simpler pattern.',
  ].join(' ');
}

/** The file's text, or undefined for files a text search skips (binary, too large). */
async function readSearchable(workspace: Workspace, file: string): Promise<string | undefined> {
  try {
    return (await workspace.readTextFile(file)).content;
  } catch (error) {
    if (error instanceof WorkspaceError && SKIPPED_FILES.has(error.code)) return undefined;
    throw error;
  }
}

function cut(line: string): string {
  return line.length > MAX_GREP_LINE_LENGTH ? `${line.slice(0, MAX_GREP_LINE_LENGTH)}…` : line;
}
