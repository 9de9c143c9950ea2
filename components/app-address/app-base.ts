/**
 * The app's root as the browser sees it, however Baton is served: on the relay's own port, under a
 * prefix a proxy strips (code-server's `/proxy/<port>/`) or one it keeps (`/absproxy/<port>/`).
 * The relay puts a `<base href>` naming it at the top of every page (server/relay/page-head.ts), so
 * `document.baseURI` is the root; thread addresses (`/t/<id>` in the app's terms) and socket.io's
 * path are taken relative to it.
 */
import { keptQuery } from './embed-query';

/** The root's path, ending in `/`: `/` directly, `/proxy/4780/` behind code-server. */
export function appRootPath(): string {
  return new URL(document.baseURI).pathname;
}

/** The root as an absolute address without its final slash, to put app paths after. */
export function appRootAddress(): string {
  const root = new URL(document.baseURI);
  return `${root.origin}${root.pathname.replace(/\/$/, '')}`;
}

/** The app's own path (`/`, `/t/<id>`) of a browser path; a path outside the root is taken as it is. */
export function appPathOf(browserPath: string): string {
  const root = appRootPath();
  return browserPath.startsWith(root) ? `/${browserPath.slice(root.length)}` : browserPath;
}

/** The browser address of an app path, keeping the page's `?embed=1` (it chooses the embed layout). */
export function browserAddressOf(appPath: string): string {
  return `${appRootPath()}${appPath.replace(/^\//, '')}${keptQuery(window.location.search)}`;
}

/** Where socket.io answers: beside the page, under the same root. */
export function socketIoPath(): string {
  return `${appRootPath()}socket.io`;
}
