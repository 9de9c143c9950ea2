'use client';

import styles from './chat.module.css';

/**
 * Shown while the thread's first entry is not loaded: one click (or Enter) opens the thread at its
 * first entry, the page around it only, whatever the thread's length. Over the list's top edge (a
 * dock of no height), so that showing it moves nothing in the chat. Not tied to the scroll position:
 * a control that came and went as the view moved (focus moving into the list scrolls it) could not
 * be reached with Tab.
 */
export function JumpToStartButton({ onClick }: { onClick: () => void }) {
  return (
    <div className={styles.jumpDock}>
      <button type="button" className={`button ${styles.jumpToStart}`} data-testid="jump-to-start" onClick={onClick}>
        Jump to the start <span aria-hidden="true">↑</span>
      </button>
    </div>
  );
}
