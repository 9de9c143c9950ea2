'use client';

import { selectChangesShown } from '../../stores/review-slice';
import { useBatonStore } from '../baton-client/baton-store-context';
import { ExportMenu } from './export-menu';
import { ImportButton } from './import-button';
import styles from './review.module.css';

/** Moving through the open thread's tool calls and changes, its Changes panel (in the chat's place), export and import. */
export function ReviewToolbar() {
  const threadId = useBatonStore((state) => state.selectedThreadId);
  const goToNext = useBatonStore((state) => state.goToNext);
  const changesShown = useBatonStore(selectChangesShown);
  const showChanges = useBatonStore((state) => state.showChanges);
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
              aria-pressed={changesShown}
              onClick={() => showChanges(!changesShown)}
            >
              Changes
            </button>
            <ExportMenu />
          </>
        ) : null}
        <ImportButton />
      </nav>
    </>
  );
}
