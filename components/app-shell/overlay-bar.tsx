'use client';

import { useEffect } from 'react';
import styles from './app-shell.module.css';

/**
 * The title and Close button over a pane shown as an overlay in the embed layout; Esc closes it too.
 * No title for a pane whose own heading names it (the thread list's "Threads"), so it is not said twice.
 */
export function OverlayBar({ title, onClose }: { title?: string; onClose: () => void }) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onClose();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  return (
    <div className={styles.overlayBar} data-testid="overlay-bar">
      {title ? <span>{title}</span> : null}
      <button type="button" className={`button ${styles.overlayClose}`} data-testid="close-overlay" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
