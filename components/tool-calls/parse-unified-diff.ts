/**
 * Splits a unified diff (https://www.gnu.org/software/diffutils/manual/html_node/Detailed-Unified.html)
 * into lines tagged for colouring. Inside a hunk the header's line counts decide what a line is,
 * so a removed line that itself starts with "--" is not mistaken for a file header.
 */
export type DiffLineKind = 'file' | 'hunk' | 'added' | 'removed' | 'context' | 'note';

export interface DiffLine {
  kind: DiffLineKind;
  text: string;
}

const HUNK_HEADER = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/;

export function parseUnifiedDiff(diff: string): DiffLine[] {
  const lines = diff.split('\n');
  if (lines.at(-1) === '') lines.pop();
  let oldRemaining = 0;
  let newRemaining = 0;

  return lines.map((text): DiffLine => {
    const inHunk = oldRemaining > 0 || newRemaining > 0;
    if (inHunk) {
      if (text.startsWith('\\')) return { kind: 'note', text };
      if (text.startsWith('-')) {
        oldRemaining -= 1;
        return { kind: 'removed', text };
      }
      if (text.startsWith('+')) {
        newRemaining -= 1;
        return { kind: 'added', text };
      }
      oldRemaining -= 1;
      newRemaining -= 1;
      return { kind: 'context', text };
    }
    const hunk = HUNK_HEADER.exec(text);
    if (hunk) {
      // An omitted count means one line (the format's own default).
      oldRemaining = Number(hunk[1] ?? 1);
      newRemaining = Number(hunk[2] ?? 1);
      return { kind: 'hunk', text };
    }
    if (text.startsWith('\\')) return { kind: 'note', text };
    return { kind: 'file', text };
  });
}
