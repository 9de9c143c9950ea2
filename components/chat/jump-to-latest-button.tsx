'use client';

import styles from './chat.module.css';

/**
 * Shown while the reader is scrolled up and newer entries have arrived below: one click takes them
 * to the newest. It sits over the list's bottom edge (a dock of no height), so that showing it
 * moves nothing in the chat.
 */
export function JumpToLatestButton({ onClick }: { onClick: () => void }) {
  return (
    <div className={styles.jumpDock}>
      <button type="button" className={`button button--primary ${styles.jumpToLatest}`} data-testid="jump-to-latest" onClick={onClick}>
        Jump to latest <span aria-hidden="true">↓</span>
      </button>
    </div>
  );
}
