/**
 * The ECA `fileChange` details of an edit (specs/eca-protocol-v2.md, FileChangeDetails): a unified
 * diff and its counts, so the approval card shows exactly what would change.
 *
 * A diff's cost grows with the file times the number of edits: a 4,000-line file rewritten takes
 * jsdiff over a second, during which the relay would answer no one. So a diff is computed in
 * place only while its cost is bounded (a small file, or few edits in a large one); a large
 * rewrite is diffed in a worker thread with a time limit (fileChangeDetailsOffLoop), and past that
 * limit, or where no worker can be waited for, it is shown as what it is: every old line removed,
 * every new line added. Each form is a true diff of the change.
 */
import { FILE_HEADERS_ONLY, formatPatch, type StructuredPatch, structuredPatch } from 'diff';
import type { FileChangeDetails } from '../../lib/protocol/eca-chat';
import { runOffLoop } from './off-loop/off-loop-worker';

/** Old plus new lines up to this: an exact diff in place costs a few milliseconds at worst. */
const INLINE_DIFF_LINES = 400;
/** For larger files, an in-place diff gives up past this many edited lines (cost ~ lines × this). */
const INLINE_MAX_EDIT_LENGTH = 100;
/** How long a worker may spend on one large diff. */
export const DIFF_TIME_LIMIT_MS = 5_000;
const CONTEXT_LINES = 3;

/** `before` is undefined for a file that does not exist yet (the diff then comes from /dev/null). */
export function fileChangeDetails(path: string, before: string | undefined, after: string): FileChangeDetails {
  const names = fileNames(path, before);
  return detailsOf(path, boundedPatch(names, before ?? '', after) ?? wholeReplacement(names, before ?? '', after));
}

/** The same details, with a large rewrite diffed exactly in a worker (within DIFF_TIME_LIMIT_MS). */
export async function fileChangeDetailsOffLoop(path: string, before: string | undefined, after: string): Promise<FileChangeDetails> {
  const names = fileNames(path, before);
  const patch =
    boundedPatch(names, before ?? '', after) ??
    (await runOffLoop(
      { kind: 'diff', ...names, before: before ?? '', after, context: CONTEXT_LINES, timeoutMs: DIFF_TIME_LIMIT_MS },
      // jsdiff stops itself at its timeout; the worker's own limit is the backstop.
      { timeLimitMs: DIFF_TIME_LIMIT_MS * 2 },
    ));
  return detailsOf(path, patch ?? wholeReplacement(names, before ?? '', after));
}

/**
 * The `fileChange` details of a move: git's rename header (`rename from` / `rename to`), followed,
 * when the move replaces a text file, by the diff from that file's old content to the moved one.
 */
export async function moveChangeDetails(
  fromPath: string,
  toPath: string,
  replaced?: { before: string; after: string },
): Promise<FileChangeDetails> {
  const header = `diff --git a/${fromPath} b/${toPath}\nrename from ${fromPath}\nrename to ${toPath}\n`;
  if (!replaced) return { type: 'fileChange', path: toPath, diff: header, linesAdded: 0, linesRemoved: 0 };
  const change = await fileChangeDetailsOffLoop(toPath, replaced.before, replaced.after);
  return { ...change, diff: header + change.diff };
}

interface FileNames {
  oldName: string;
  newName: string;
}

function fileNames(path: string, before: string | undefined): FileNames {
  return { oldName: before === undefined ? '/dev/null' : path, newName: path };
}

/** An exact patch when computing it in place is cheap for sure; undefined when it might not be. */
function boundedPatch({ oldName, newName }: FileNames, before: string, after: string): StructuredPatch | undefined {
  const small = lineCount(before) + lineCount(after) <= INLINE_DIFF_LINES;
  return structuredPatch(oldName, newName, before, after, undefined, undefined, {
    context: CONTEXT_LINES,
    ...(small ? {} : { maxEditLength: INLINE_MAX_EDIT_LENGTH }),
  });
}

/** The patch that removes every old line and adds every new one, built in linear time. */
export function wholeReplacement({ oldName, newName }: FileNames, before: string, after: string): StructuredPatch {
  const removed = markedLines('-', before);
  const added = markedLines('+', after);
  const oldLines = lineCount(before);
  const newLines = lineCount(after);
  const hunks = before === after ? [] : [{ oldStart: 1, oldLines, newStart: 1, newLines, lines: [...removed, ...added] }];
  return { oldFileName: oldName, newFileName: newName, oldHeader: undefined, newHeader: undefined, hunks };
}

function markedLines(sign: '-' | '+', text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  const endsWithNewline = text.endsWith('\n');
  if (endsWithNewline) lines.pop();
  return [...lines.map((line) => sign + line), ...(endsWithNewline ? [] : ['\\ No newline at end of file'])];
}

function lineCount(text: string): number {
  if (text === '') return 0;
  let count = 1;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', index + 1)) count += 1;
  return text.endsWith('\n') ? count - 1 : count;
}

function detailsOf(path: string, patch: StructuredPatch): FileChangeDetails {
  let linesAdded = 0;
  let linesRemoved = 0;
  for (const hunk of patch.hunks) {
    for (const line of hunk.lines) {
      if (line.startsWith('+')) linesAdded += 1;
      else if (line.startsWith('-')) linesRemoved += 1;
    }
  }
  return { type: 'fileChange', path, diff: formatPatch(patch, FILE_HEADERS_ONLY), linesAdded, linesRemoved };
}
