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
