'use client';

import type { FileChangeDetails } from '../../lib/protocol/eca-chat';
import type { HighlightedLines } from '../highlight/highlight-code';
import styles from './diff-view.module.css';
import { type DiffRow, diffRows } from './diff-rows';
import { MarkedText } from './marked-text';
import { MarkedTokens } from './marked-tokens-view';
import { useHighlightedCode } from './use-highlighted-code';

/**
 * A file change as a reader expects it: each line with its old and new number, its sign, and its
 * code highlighted in the file's language (once the highlighter has it; plain text until then).
 * Long lines wrap inside the card: nothing of a change may hide past a horizontal scroll. What
 * could hide in a line (long whitespace runs, invisible characters) is marked, highlighted or not.
 */
export function DiffView({ details }: { details: FileChangeDetails }) {
  const { rows, oldCode, newCode } = diffRows(details.diff);
  const oldLines = useHighlightedCode(oldCode, { path: details.path });
  const newLines = useHighlightedCode(newCode, { path: details.path });
  const highlighted = oldLines !== undefined || newLines !== undefined;
  if (unchanged(rows)) {
    return (
      <p className={styles.caption} data-testid="tool-call-no-change">
        <code>
          <MarkedText text={details.path} />
        </code>
        : no change, the file already had this content.
      </p>
    );
  }
  return (
    <figure className={styles.diff}>
      <figcaption className={styles.caption}>
        <code>
          <MarkedText text={details.path} />
        </code>{' '}
        <span className={`diff__count diff__count--added ${styles.countAdded}`}>+{details.linesAdded}</span>{' '}
        <span className={`diff__count diff__count--removed ${styles.countRemoved}`}>−{details.linesRemoved}</span>
      </figcaption>
      {'\n'}
      <div className={styles.lines} data-testid="tool-call-diff" data-highlighted={highlighted ? 'true' : undefined}>
        {rows
          .filter((row) => row.kind !== 'file')
          .map((row, index) => (
            <DiffLine key={index} row={row} tokens={tokensOf(row, oldLines, newLines)} />
          ))}
      </div>
    </figure>
  );
}

/**
 * A write of the content the file already had: its diff has no lines, only its file header (or
 * nothing). A created or deleted file names /dev/null there and is a change, even when empty.
 */
function unchanged(rows: readonly DiffRow[]): boolean {
  return rows.every((row) => row.kind === 'file' && !row.text.includes('/dev/null'));
}

function tokensOf(row: DiffRow, oldLines: HighlightedLines | undefined, newLines: HighlightedLines | undefined) {
  if (!row.side) return undefined;
  return (row.side.name === 'old' ? oldLines : newLines)?.[row.side.index];
}

function DiffLine({ row, tokens }: { row: DiffRow; tokens: HighlightedLines[number] | undefined }) {
  if (row.kind === 'hunk' || row.kind === 'note') {
    return (
      <div className={`${styles.line} ${styles[row.kind] ?? ''}`} data-kind={row.kind}>
        <span className={styles.wide}>
          <MarkedText text={row.text} />
        </span>
        {'\n'}
      </div>
    );
  }
  // The numbers are not part of the line's text: a copied diff is the diff.
  return (
    <div className={`${styles.line} ${styles[row.kind] ?? ''}`} data-kind={row.kind}>
      <span className={styles.number} data-testid="diff-old-number" aria-hidden="true">
        {row.oldNumber ?? ''}
      </span>
      <span className={styles.number} data-testid="diff-new-number" aria-hidden="true">
        {row.newNumber ?? ''}
      </span>
      <span className={styles.code}>
        <span className={styles.sign}>{row.sign}</span>
        {tokens ? <MarkedTokens line={row.code} tokens={tokens} /> : <MarkedText text={row.code} />}
      </span>
      {'\n'}
    </div>
  );
}
