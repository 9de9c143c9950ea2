/**
 * "Open in a new tab": the same thread in a full tab. The address carries the token only in its
 * fragment, as the printed URL does (the browser never sends a fragment to a server), and never
 * the embed parameter. A framed page asks its host to open it (`baton:open-external`: an IDE's
 * webview cannot open tabs itself), with the token only when the message goes to the host's known
 * origin; a page with no parent opens it itself.
 */
import { appPathOf, appRootAddress } from '../app-address/app-base';
import { isFramed, postToHost } from './host-messages';
import { knownHostOrigin } from './host-origin';
import { currentToken } from './token-from-host';

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
