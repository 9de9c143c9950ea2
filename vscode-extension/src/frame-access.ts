/**
 * Which pages the relay must let frame it and talk to it when the extension starts it. The
 * webview reports its own origin and its ancestors' (`location.ancestorOrigins`), as the browser
 * knows them; the relay's CSP `frame-ancestors` checks every one of them:
 *
 * - code-server serves its webviews from its own origin (`http://127.0.0.1:8080`), and the relay's
 *   page reached through its `/proxy/<port>/` path has that origin too: the page's socket.io
 *   requests carry that Origin and Host, so a host name other than loopback must be allowed.
 * - VS Code desktop shows webviews at `vscode-webview://<random id>` inside the workbench at
 *   `vscode-file://vscode-app`. The id changes when the view is rebuilt while the relay stays, so
 *   a non-web origin is allowed by its scheme (`vscode-webview:`); no web page has that scheme.
 */
export interface FrameAccess {
  /** The `--frame-ancestors` value. */
  frameAncestors: string;
  /** `--trusted-origin` values: the web origins among the reported ones. */
  trustedOrigins: string[];
  /** `--allowed-host` values: their host names that are not loopback. */
  allowedHosts: string[];
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);
/** What the relay's own `--frame-ancestors` check accepts (server/relay/access-options.ts). */
const SAFE_SOURCE = /^[\w'*:/.\-[\]]+$/;

export function frameAccessFor(reportedOrigins: readonly string[]): FrameAccess {
  const sources = new Set<string>(["'self'"]);
  const trustedOrigins = new Set<string>();
  const allowedHosts = new Set<string>();
  for (const reported of reportedOrigins) {
    let url: URL;
    try {
      url = new URL(reported);
    } catch {
      // 'null' (an opaque origin) and other non-URLs name nothing the relay could allow.
      continue;
    }
    if (url.protocol === 'http:' || url.protocol === 'https:') {
      sources.add(url.origin);
      trustedOrigins.add(url.origin);
      if (!LOOPBACK.has(url.hostname) && !url.hostname.startsWith('127.')) allowedHosts.add(url.hostname);
    } else if (url.protocol === 'vscode-file:') {
      // The desktop workbench itself: one fixed origin, named exactly.
      addIfSafe(sources, `${url.protocol}//${url.host}`);
    } else {
      addIfSafe(sources, url.protocol);
    }
  }
  return { frameAncestors: [...sources].join(' '), trustedOrigins: [...trustedOrigins], allowedHosts: [...allowedHosts] };
}

function addIfSafe(sources: Set<string>, source: string): void {
  if (SAFE_SOURCE.test(source)) sources.add(source);
}
