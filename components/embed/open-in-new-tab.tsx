'use client';

/** "Open in a new tab" in an embed (a frame, or the `?embed=1` layout): see open-in-new-tab-action.ts. */
import { useEffect, useState } from 'react';
import styles from './open-in-new-tab.module.css';

/** The action and what it needs (the schemas, the origin check) load on the first click. */
function openInNewTab(): void {
  import('./open-in-new-tab-action').then(
    (action) => action.openInNewTab(),
    (error: unknown) => console.warn(`[baton] could not open a new tab: ${String(error)}`),
  );
}

export function OpenInNewTab() {
  // Known only in the browser: the static page renders without it, hydration adds it.
  const [embedded, setEmbedded] = useState(false);
  useEffect(() => setEmbedded(window.parent !== window || new URLSearchParams(window.location.search).has('embed')), []);
  if (!embedded) return null;
  return (
    <button
      type="button"
      className={styles.button}
      data-testid="open-in-new-tab"
      onClick={openInNewTab}
      title="Open this thread in a full tab"
    >
      Open in a new tab
    </button>
  );
}
