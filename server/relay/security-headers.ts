/**
 * The headers every relay response carries. The Content-Security-Policy lets only the relay's own
 * script files run, plus the inline scripts of the UI's built page (Next.js's hydration data),
 * which the relay marks with a nonce fresh for every response (./html-nonce.ts). Nothing an agent
 * writes can carry the nonce, so nothing an agent writes can run, even if a renderer let markup
 * through.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

export interface SecurityHeaderOptions {
  /** The CSP `frame-ancestors` source list: who may show the UI in a frame. */
  frameAncestors: string;
}

export const DEFAULT_FRAME_ANCESTORS = "'self'";

export function contentSecurityPolicy(nonce: string, frameAncestors: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    // No remote images: an image URL in an agent's Markdown would otherwise carry data out.
    "img-src 'self' data: blob:",
    "font-src 'self'",
    // 'self' covers the page's own ws:// socket.io connection (CSP Level 3).
    "connect-src 'self'",
    "object-src 'none'",
    // The page sets its own <base> to the app's root, so that it works under a proxy's path prefix
    // (page-head.ts); no other site's address can become its base.
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/** Sets the response's security headers; returns the nonce the page's inline scripts must carry. */
export function applySecurityHeaders(response: ServerResponse, options: SecurityHeaderOptions): string {
  const nonce = randomBytes(16).toString('base64');
  const policy = contentSecurityPolicy(nonce, options.frameAncestors);
  response.setHeader('Content-Security-Policy', policy);
  response.setHeader('X-Content-Type-Options', 'nosniff');
  // The address holds no token after the first load, but other sites need not learn it either.
  response.setHeader('Referrer-Policy', 'no-referrer');
  return nonce;
}
