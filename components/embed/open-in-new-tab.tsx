'use client';

/**
 * "Open in a new tab" in an embed (a frame, or the `?embed=1` layout): the same thread in a full
 * tab. The address carries the token only in its fragment, as the printed URL does (the browser
 * never sends a fragment to a server), and never the embed parameter. A framed page asks its host
 * to open it (`baton:open-external`: an IDE's webview cannot open tabs itself), posting the token
 * only to the host's known origin; a page with no parent opens it itself.
 */
import { useEffect, useState } from 'react';
import { appPathOf, appRootAddress } from './app-base';
import { isFramed, postToHost } from './host-messages';
import { knownHostOrigin } from './host-origin';
import { currentToken } from './token-from-host';
import styles from './open-in-new-tab.module.css';

/** The full-tab address of what the page shows now; with the token when `withToken`. */
export function fullTabAddress(withToken: boolean): string {
  const url = new URL(`${appRootAddress()}${appPathOf(window.location.pathname)}${window.location.search}`);
  url.searchParams.delete('embed');
  const token = withToken ? currentToken() : undefined;
  if (token !== undefined) url.hash = new URLSearchParams({ token }).toString();
  return url.href;
}

export function openInNewTab(): void {
  if (!isFramed()) {
    window.open(fullTabAddress(true), '_blank', 'noopener');
    return;
  }
  const host = knownHostOrigin();
  postToHost({ type: 'baton:open-external', url: fullTabAddress(host !== undefined) }, host ?? '*');
}

export function OpenInNewTab() {
  // Known only in the browser: the static page renders without it, hydration adds it.
  const [embedded, setEmbedded] = useState(false);
  useEffect(() => setEmbedded(isFramed() || new URLSearchParams(window.location.search).has('embed')), []);
  if (!embedded) return null;
  return (
    <button type="button" className={styles.button} data-testid="open-in-new-tab" onClick={openInNewTab} title="Open this thread in a full tab">
      Open in a new tab
    </button>
  );
}
