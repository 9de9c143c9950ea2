'use client';

import { useState } from 'react';
import { isMarkdownPath } from '../../stores/file-kind';
import { FILE_PAGE_LINES, type FileView } from '../../stores/file-view';
import { grammarOfPath } from '../highlight/languages';
import { useHighlightedLines } from '../highlight/use-highlighted-lines';
import { MarkdownDocument } from '../chat/markdown-document';
import { AddFileToContext } from './add-file-to-context';
import { CodeLines, type LineSelection, selectedRange } from './code-lines';
import { FilePager } from './file-pager';
import styles from './files.module.css';

type TextView = Extract<FileView, { kind: 'text' }>;

/** A page of a text file: highlighted with line numbers (click, shift-click to choose lines), or Markdown rendered. */
export function TextFileView({ view }: { view: TextView }) {
  const markdown = isMarkdownPath(view.path);
  const [rendered, setRendered] = useState(true);
  const [selection, setSelection] = useState<LineSelection | null>(null);
  const [shownPage, setShownPage] = useState({ path: view.path, lineOffset: view.lineOffset });
  // A new file or page starts with nothing chosen.
  if (shownPage.path !== view.path || shownPage.lineOffset !== view.lineOffset) {
    setShownPage({ path: view.path, lineOffset: view.lineOffset });
    setSelection(null);
  }
  const highlighted = useHighlightedLines(view.content, markdown && rendered ? undefined : grammarOfPath(view.path));
  const showRendered = markdown && rendered;

  return (
    <>
      <div className={styles.viewerToolbar}>
        <FilePager view={view} pageLines={FILE_PAGE_LINES} />
        {markdown ? (
          <button
            type="button"
            className="button"
            data-testid="markdown-toggle"
            aria-pressed={!rendered}
            onClick={() => setRendered(!rendered)}
          >
            {rendered ? 'Show raw' : 'Show rendered'}
          </button>
        ) : null}
        <AddFileToContext path={view.path} linesRange={showRendered ? undefined : selectedRange(selection)} />
      </div>
      {showRendered ? (
        <div className={styles.viewerMarkdown} data-testid="markdown-rendered">
          <MarkdownDocument text={view.content} />
        </div>
      ) : (
        <CodeLines
          content={view.content}
          firstLine={view.lineOffset + 1}
          highlighted={highlighted}
          selection={selection}
          onSelect={setSelection}
        />
      )}
    </>
  );
}
