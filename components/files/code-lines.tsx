'use client';

import type { CSSProperties } from 'react';
import type { LinesRange } from '../../lib/protocol/eca/chat-context';
import type { HighlightedLines, HighlightToken } from '../highlight/highlight-code';
import styles from './code-lines.module.css';

/** Lines chosen by clicking line numbers: where the choice began and where it ends now (1-based). */
export interface LineSelection {
  anchor: number;
  head: number;
}

/** The chosen lines as ECA's LinesRange (from 1, both ends included). */
export function selectedRange(selection: LineSelection | null): LinesRange | undefined {
  if (!selection) return undefined;
  return { start: Math.min(selection.anchor, selection.head), end: Math.max(selection.anchor, selection.head) };
}

interface CodeLinesProps {
  content: string;
  /** The number of the first line shown. */
  firstLine: number;
  highlighted: HighlightedLines | undefined;
  selection: LineSelection | null;
  onSelect(selection: LineSelection | null): void;
}

/** Numbered lines of text; the code column's text is exactly the page's text. */
export function CodeLines({ content, firstLine, highlighted, selection, onSelect }: CodeLinesProps) {
  const lines = splitLines(content);
  const range = selectedRange(selection);
  if (lines.length === 0) return <p className="pane__empty">This page is empty.</p>;

  const isSelected = (number: number) => range !== undefined && number >= range.start && number <= range.end;
  return (
    <div className={styles.view} data-testid="file-lines">
      <div className={styles.gutter} aria-label="Line numbers">
        {lines.map((_, index) => {
          const number = firstLine + index;
          return (
            <button
              key={number}
              type="button"
              className={styles.number}
              data-testid="line-number"
              aria-pressed={isSelected(number)}
              onClick={(event) => {
                if (event.shiftKey && selection) onSelect({ anchor: selection.anchor, head: number });
                else onSelect(range?.start === number && range.end === number ? null : { anchor: number, head: number });
              }}
            >
              {number}
            </button>
          );
        })}
      </div>
      <pre className={styles.code} data-testid="file-content">
        <code>
          {lines.map((line, index) => (
            <span key={index} className={styles.line} data-selected={isSelected(firstLine + index) || undefined}>
              {highlighted?.[index] ? highlighted[index].map(renderToken) : line.text}
              {line.ending}
            </span>
          ))}
        </code>
      </pre>
    </div>
  );
}

/** Lines with their own endings, so that the code column's text is the content exactly. */
function splitLines(content: string): { text: string; ending: string }[] {
  if (content === '') return [];
  const pieces = content.split('\n');
  const lines = pieces.map((text, index) => ({ text, ending: index < pieces.length - 1 ? '\n' : '' }));
  return content.endsWith('\n') ? lines.slice(0, -1) : lines;
}

function renderToken(token: HighlightToken, index: number) {
  return (
    <span key={index} style={tokenStyle(token)}>
      {token.content}
    </span>
  );
}

function tokenStyle({ color, fontStyle = 0 }: HighlightToken): CSSProperties | undefined {
  if (!color && fontStyle <= 0) return undefined;
  return {
    color,
    fontStyle: fontStyle & 1 ? 'italic' : undefined,
    fontWeight: fontStyle & 2 ? 600 : undefined,
    textDecoration: fontStyle & 4 ? 'underline' : undefined,
  };
}
