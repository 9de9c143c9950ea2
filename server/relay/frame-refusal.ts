/**
 * A page framed by an origin `--frame-ancestors` does not allow is refused by the browser without a
 * word: the frame stays blank. So a request for a document that the browser says is to be shown in
 * a frame of another site (`Sec-Fetch-Dest: iframe`, `Sec-Fetch-Site` other than same-origin), from
 * a page whose origin (its `Referer`) is not allowed, is answered with a small inert page saying
 * why and what to pass: no script, no token, no action, allowed in any frame. Everything else goes
 * on to the real page, which keeps the header, so the browser's own check still decides.
 * https://w3c.github.io/webappsec-fetch-metadata/
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { frameAncestorsAllow, frameAncestorSources } from '../../lib/embed/frame-ancestors';
import type { PageHandler } from './http-handler';

const FRAME_DESTINATIONS = new Set(['iframe', 'frame', 'embed', 'object']);
/** No real Referer has this origin: a framing page that the browser calls cross-origin is never 'self'. */
const NOT_SELF = 'http://self.invalid';

/** Who frames the request and is refused: an origin, `unknown` when the page hid it, or undefined when allowed or not framed. */
export function refusedFramer(request: IncomingMessage, frameAncestors: string): string | undefined {
  const destination = header(request, 'sec-fetch-dest');
  const site = header(request, 'sec-fetch-site');
  if (!destination || !FRAME_DESTINATIONS.has(destination) || !site || site === 'same-origin') return undefined;
  const sources = frameAncestorSources(frameAncestors);
  const framer = refererOrigin(header(request, 'referer'));
  if (framer === undefined) {
    // A page that hides its address may be one the list allows; the browser still checks those.
    const onlySelf = sources.every((source) => ["'self'", "'none'"].includes(source.toLowerCase()));
    return onlySelf ? 'unknown' : undefined;
  }
  return frameAncestorsAllow(sources, framer, NOT_SELF) ? undefined : framer;
}

/** Serves `next`, unless the request is for a frame Baton refuses to be shown in. */
export function refuseForeignFrames(frameAncestors: string, next: PageHandler): PageHandler {
  return (request, response, nonce) => {
    const framer = refusedFramer(request, frameAncestors);
    if (framer === undefined) return next(request, response, nonce);
    sendRefusal(response, framer, request.method === 'HEAD');
  };
}

function sendRefusal(response: ServerResponse, framer: string, head: boolean): void {
  const inside = framer === 'unknown' ? "another site's page" : escapeHtml(framer);
  const flag = framer === 'unknown' ? "--frame-ancestors &lt;that page's origin&gt;" : `--frame-ancestors ${escapeHtml(framer)}`;
  const html =
    '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Baton refuses this frame</title></head>' +
    `<body><p data-testid="frame-refusal">Baton refuses to be shown inside ${inside}; ` +
    `start Baton with <code>${flag}</code> to allow it.</p></body></html>`;
  const body = Buffer.from(html);
  // This page alone may sit in any frame: it holds nothing but the sentence, and runs nothing.
  response.setHeader('Content-Security-Policy', "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors *");
  response.writeHead(403, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body.length, 'Cache-Control': 'no-store' });
  response.end(head ? undefined : body);
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.toLowerCase();
}

function refererOrigin(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    if (url.origin !== 'null') return url.origin;
    // Node gives a non-web scheme's address (VS Code's `vscode-webview://<id>/`) an opaque origin,
    // yet the browser checks its scheme and host against frame-ancestors: so does this.
    return url.host === '' ? undefined : `${url.protocol}//${url.host}`;
  } catch {
    return undefined;
  }
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
