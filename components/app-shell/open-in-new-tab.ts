/**
 * "Open in a new tab" from the embed layout: the same thread in the full layout. Inside a frame the
 * host opens it (an IDE's webview cannot open tabs itself: `baton:open-external`, see the embedding
 * contract); the address carries no token, so the message carries no secret.
 */
export function fullPageAddress(location: Pick<Location, 'origin' | 'pathname'>): string {
  return `${location.origin}${location.pathname}`;
}

export function openInNewTab(): void {
  const url = fullPageAddress(window.location);
  if (window.parent !== window) window.parent.postMessage({ type: 'baton:open-external', url }, '*');
  else window.open(url, '_blank', 'noopener');
}
