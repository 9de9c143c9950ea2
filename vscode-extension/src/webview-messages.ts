/**
 * The messages between the extension and its webview's script (webview/main.ts). Baton's own
 * host API (`baton:*`) is spoken only between the webview script and the framed page.
 */
import type { EditorContext } from './editor-context';

export type HostToWebview =
  /** The relay is running: the token the page needs. */
  | { type: 'relay'; token: string }
  /** A context to put in the composer once the page is ready. */
  | { type: 'add-context'; context: EditorContext };

export type WebviewToHost =
  /** The script runs; `origins` are its own origin and its ancestors', `framed` whether the page frames Baton yet. */
  | { type: 'webview-ready'; origins: string[]; framed: boolean }
  /** The Baton page in the frame listens for host messages. */
  | { type: 'page-ready' }
  /** The Baton page asks to open a URL in the browser ("Open in a new tab"). */
  | { type: 'open-external'; url: string };

export function isWebviewToHost(value: unknown): value is WebviewToHost {
  if (!value || typeof value !== 'object') return false;
  const message = value as Record<string, unknown>;
  switch (message.type) {
    case 'webview-ready':
      return (
        Array.isArray(message.origins) &&
        message.origins.every((origin) => typeof origin === 'string') &&
        typeof message.framed === 'boolean'
      );
    case 'page-ready':
      return true;
    case 'open-external':
      return typeof message.url === 'string';
    default:
      return false;
  }
}
