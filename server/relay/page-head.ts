/**
 * What the relay writes into the head of each built page before it is sent, so that one build
 * works at any address: directly on the relay's port, behind a proxy that strips a path prefix
 * and behind one that keeps it. The build addresses its assets relative to the page
 * (`assetPrefix: '.'` in next.config.js); a first script turns the relative way back to the app's
 * root (./base-path.ts, `relativeRoot`) into an absolute `<base href>`, so that those addresses,
 * and the chunks the bundler loads later, resolve against the app's root even after the page moves
 * to a thread's address (`/t/<id>`) with `history.pushState`. The page reads its root back from
 * `document.baseURI` (components/app-address/app-base.ts) for thread addresses and socket.io.
 *
 * It also names the origins allowed to frame the page (`--frame-ancestors`), for the page to take
 * host messages from those alone (components/embed/host-messages.ts).
 */

/** A page's head as the relay completes it. */
export interface PageHeadOptions {
  /** `./`, `../`, ...: from the page's address back to the app's root. */
  relativeRoot: string;
  /** The CSP `frame-ancestors` sources, as the response's header gives them. */
  frameAncestors: string;
}

export const FRAME_ANCESTORS_META = 'baton-frame-ancestors';
const RELATIVE_ROOT = /^(\.\/|(\.\.\/)+)$/;
/** An attribute naming a same-origin absolute path (`/icon.svg`), not a protocol-relative `//host`. */
const ROOT_PATH_ATTRIBUTE = /(\s(?:src|href)=["'])\/(?!\/)/gi;
/**
 * A file at the build's root (`/icon.svg?…`, a manifest) named in a quoted string of the page's
 * React data (`\"/icon.svg?…\"`), from which React renders the head again after hydration.
 */
const ROOT_FILE_IN_DATA = /(\\?["'])\/(?=[\w.-]+\.[A-Za-z0-9]+[?#"'\\])/g;

export function completePageHead(html: string, options: PageHeadOptions): string {
  if (!RELATIVE_ROOT.test(options.relativeRoot)) throw new Error(`Not a relative way to the app's root: ${options.relativeRoot}`);
  // A page without <head> (Next.js writes one) gets the lines where the parser would start one.
  const head = /<head(\s[^>]*)?>/i.exec(html) ?? /<html(\s[^>]*)?>/i.exec(html) ?? /<!doctype[^>]*>/i.exec(html);
  // A <base> in the markup itself: the browser's preload scanner fetches the assets below before
  // any script runs, and only a parsed <base> points it at the app's root (a script-made one left
  // it asking for `/t/_next/…`). The script right after it makes it absolute before anything else
  // is parsed, so that it still holds after the page moves to another address with pushState.
  // React leaves unknown nodes in <head> alone.
  const baseScript =
    `<base href="${options.relativeRoot}"/>` +
    '<script>(function(){var base=document.querySelector("base");' +
    `base.href=new URL(${JSON.stringify(options.relativeRoot)},location.href).pathname})()</script>`;
  const meta = `<meta name="${FRAME_ANCESTORS_META}" content="${escapeAttribute(options.frameAncestors)}"/>`;
  const at = head ? head.index + head[0].length : 0;
  const rest = html.slice(at).replace(ROOT_PATH_ATTRIBUTE, '$1./').replace(ROOT_FILE_IN_DATA, '$1./');
  return `${html.slice(0, at)}${baseScript}${meta}${rest}`;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
