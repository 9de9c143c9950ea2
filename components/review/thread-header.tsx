'use client';

import { useId, useState, type ReactNode } from 'react';
import styles from './thread-header.module.css';

/**
 * The chat pane's top: the thread's title row, then its facts and review tools. On a wide page
 * all of it shows. On a phone the title row stays one line and the rest (the row's own tools, the
 * facts, the review toolbar) folds behind a Details button, so that the chat, an approval waiting
 * in it, and the composer share the screen; one tap (or Enter) shows them again.
 */
export function ThreadHeader({ title, tools, children }: { title: string; tools: ReactNode; children: ReactNode }) {
  const [expanded, setExpanded] = useState(false);
  const regionId = useId();
  return (
    <div className={styles.threadHeader} data-testid="thread-header" data-expanded={expanded || undefined}>
      <div className={`pane__header ${styles.titleRow}`}>
        <h2 className="pane__title">{title}</h2>
        <button
          type="button"
          className={`button ${styles.disclosure}`}
          data-testid="thread-header-toggle"
          aria-expanded={expanded}
          aria-controls={regionId}
          title={expanded ? 'Hide the thread’s details and tools' : 'Show the thread’s details and tools'}
          onClick={() => setExpanded((shown) => !shown)}
        >
          Details
          <span className={styles.chevron} aria-hidden="true">
            {expanded ? '▴' : '▾'}
          </span>
        </button>
        <span className={styles.rowTools}>{tools}</span>
      </div>
      <div id={regionId} className={styles.foldable} data-testid="thread-header-tools">
        {children}
      </div>
    </div>
  );
}
