'use client';

import { useState } from 'react';
import type { FileView } from '../../stores/file-view';
import { useBatonStore } from '../baton-client/baton-store-context';
import styles from './files.module.css';

type TextView = Extract<FileView, { kind: 'text' }>;

const numberFormat = new Intl.NumberFormat('en');

/** Which lines are shown, the pages before and after, and a jump to any line. */
export function FilePager({ view, pageLines }: { view: TextView; pageLines: number }) {
  const showFilePage = useBatonStore((state) => state.showFilePage);
  const [line, setLine] = useState('');
  const first = view.lineCount === 0 ? 0 : view.lineOffset + 1;
  const last = Math.min(view.lineOffset + pageLines, view.lineCount);
  const paged = view.lineCount > pageLines;

  return (
    <div className={styles.pager}>
      <span className="pane__note" data-testid="file-page-info">
        {paged
          ? `Lines ${numberFormat.format(first)}–${numberFormat.format(last)} of ${numberFormat.format(view.lineCount)}`
          : `${numberFormat.format(view.lineCount)} ${view.lineCount === 1 ? 'line' : 'lines'}`}
      </span>
      {paged ? (
        <>
          <button
            type="button"
            className="button"
            data-testid="previous-page"
            disabled={view.lineOffset === 0}
            onClick={() => void showFilePage(view.lineOffset - pageLines)}
          >
            Previous
          </button>
          <button
            type="button"
            className="button"
            data-testid="next-page"
            disabled={last >= view.lineCount}
            onClick={() => void showFilePage(view.lineOffset + pageLines)}
          >
            Next
          </button>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              const target = Number(line);
              if (Number.isInteger(target) && target >= 1) void showFilePage(Math.min(target, view.lineCount) - 1);
            }}
          >
            <input
              type="number"
              min={1}
              max={view.lineCount}
              className={styles.pagerLine}
              data-testid="go-to-line"
              aria-label="Go to line"
              placeholder="Line"
              value={line}
              onChange={(event) => setLine(event.target.value)}
            />
          </form>
        </>
      ) : null}
    </div>
  );
}
