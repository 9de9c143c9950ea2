'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { useBatonStore } from '../baton-client/baton-store-context';
import { ExportMenu } from './export-menu';
import { ImportButton } from './import-button';
import styles from './review.module.css';

// Shown only when asked for (and it brings the diff view): fetched on first use, not with the page.
const ChangesView = dynamic(() => import('./changes-view').then((module) => module.ChangesView), { ssr: false });

/** Moving through the open thread's tool calls and changes, its Changes view, export and import. */
export function ReviewToolbar() {
  const threadId = useBatonStore((state) => state.selectedThreadId);
  const goToNext = useBatonStore((state) => state.goToNext);
  const [showChanges, setShowChanges] = useState(false);
  return (
    <>
      <nav className={styles.toolbar} aria-label="Review">
        {threadId !== null ? (
          <>
            <button type="button" className={styles.smallButton} onClick={() => void goToNext('toolCall', -1)} aria-label="Previous tool call">
              ↑ Tool call
            </button>
            <button type="button" className={styles.smallButton} onClick={() => void goToNext('toolCall', 1)} aria-label="Next tool call">
              ↓ Tool call
            </button>
            <button type="button" className={styles.smallButton} onClick={() => void goToNext('change', -1)} aria-label="Previous change">
              ↑ Change
            </button>
            <button type="button" className={styles.smallButton} onClick={() => void goToNext('change', 1)} aria-label="Next change">
              ↓ Change
            </button>
            <button
              type="button"
              className={styles.smallButton}
              aria-pressed={showChanges}
              onClick={() => setShowChanges((shown) => !shown)}
            >
              Changes
            </button>
            <ExportMenu />
          </>
        ) : null}
        <ImportButton />
      </nav>
      {showChanges && threadId !== null ? <ChangesView /> : null}
    </>
  );
}
