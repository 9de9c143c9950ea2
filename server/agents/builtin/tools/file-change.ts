/**
 * The ECA `fileChange` details of an edit (specs/eca-protocol-v2.md, FileChangeDetails): a unified
 * diff and its counts, so the approval card shows exactly what would change.
 */
import { FILE_HEADERS_ONLY, formatPatch, structuredPatch } from 'diff';
import type { FileChangeDetails } from '../../../../lib/protocol/eca-chat';

/** `before` is undefined for a file that does not exist yet (the diff then comes from /dev/null). */
export function fileChangeDetails(path: string, before: string | undefined, after: string): FileChangeDetails {
  const patch = structuredPatch(before === undefined ? '/dev/null' : path, path, before ?? '', after, undefined, undefined, {
    context: 3,
  });
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

/**
 * The `fileChange` details of a move: git's rename header (`rename from` / `rename to`), followed,
 * when the move replaces a text file, by the diff from that file's old content to the moved one.
 */
export function moveChangeDetails(
  fromPath: string,
  toPath: string,
  replaced?: { before: string; after: string },
): FileChangeDetails {
  const header = `diff --git a/${fromPath} b/${toPath}\nrename from ${fromPath}\nrename to ${toPath}\n`;
  if (!replaced) return { type: 'fileChange', path: toPath, diff: header, linesAdded: 0, linesRemoved: 0 };
  const change = fileChangeDetails(toPath, replaced.before, replaced.after);
  return { ...change, diff: header + change.diff };
}
