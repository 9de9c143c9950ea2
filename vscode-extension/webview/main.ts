/**
 * Runs inside the VS Code webview and passes messages between the extension and the Baton page in
 * the frame, following Baton's host API (README, "Embedding"):
 *
 * - tells the extension where it lives (its origin and its ancestors'), so the relay can allow
 *   exactly these frames;
 * - when the page says `baton:ready`, hands it the token (`baton:token`) and any contexts the
 *   editor commands queued (`baton:add-context`), always addressed to the relay's origin so that
 *   nothing reaches a page of another origin that the frame might have navigated to;
 * - forwards the page's `baton:open-external` to the extension, which opens it in the browser.
 */
import type { HostToWebview, WebviewToHost } from '../src/webview-messages';

interface VsCodeApi {
  postMessage(message: WebviewToHost): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const frame = document.getElementById('baton-frame') as HTMLIFrameElement | null;
const relayOrigin = frame?.dataset.origin;
let token: string | undefined;
let pageReady = false;
const pendingContexts: unknown[] = [];

function sendToPage(message: unknown): void {
  if (frame?.contentWindow && relayOrigin) frame.contentWindow.postMessage(message, relayOrigin);
}

function flushContexts(): void {
  if (!pageReady || !token) return;
  for (const context of pendingContexts.splice(0)) sendToPage({ type: 'baton:add-context', context });
}

function fromPage(data: unknown): void {
  if (!data || typeof data !== 'object') return;
  const message = data as { type?: unknown; url?: unknown };
  if (message.type === 'baton:ready') {
    pageReady = true;
    if (token) sendToPage({ type: 'baton:token', token });
    flushContexts();
    vscode.postMessage({ type: 'page-ready' });
  } else if (message.type === 'baton:open-external' && typeof message.url === 'string') {
    vscode.postMessage({ type: 'open-external', url: message.url });
  }
}

function fromExtension(message: HostToWebview): void {
  if (message.type === 'relay') {
    token = message.token;
    if (pageReady) sendToPage({ type: 'baton:token', token });
    flushContexts();
  } else if (message.type === 'add-context') {
    pendingContexts.push(message.context);
    flushContexts();
  }
}

window.addEventListener('message', (event: MessageEvent) => {
  if (frame && event.source === frame.contentWindow) {
    // Only the page the frame was given, not whatever it may have navigated to.
    if (event.origin === relayOrigin) fromPage(event.data);
    return;
  }
  // The extension's messages come through the webview host, a window of the webview's own origin
  // (not always this frame's parent: VS Code may deliver them through a frame of its own).
  if (event.origin === window.location.origin) fromExtension(event.data as HostToWebview);
});

// Only now, with the listener in place, does the page load: its one `baton:ready` cannot come
// before anyone hears it (src/webview-html.ts).
if (frame?.dataset.src) frame.src = frame.dataset.src;

const ancestors = Array.from(window.location.ancestorOrigins ?? []);
// A browser that does not count `vscode-webview:` as a standard scheme calls its origin 'null': the
// address still says the scheme, which is what the relay allows for webviews (src/frame-access.ts).
const ownOrigin = window.location.origin === 'null' ? window.location.href : window.location.origin;
vscode.postMessage({ type: 'webview-ready', origins: [ownOrigin, ...ancestors], framed: frame !== null });
