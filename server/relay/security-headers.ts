/**
 * The headers every relay response carries. The Content-Security-Policy lets only the relay's own
 * script files run, plus the inline scripts Next.js writes into each page (its hydration data),
 * which it marks with a nonce fresh for every response. Next.js reads that nonce from the
 * request's own `Content-Security-Policy` header (the mechanism its CSP guide uses from a proxy),
 * so the relay sets it there too. Nothing an agent writes can carry the nonce, so nothing an agent
 * writes can run, even if a renderer let markup through.
 * https://nextjs.org/docs/app/guides/content-security-policy
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

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
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/** Sets the response's security headers and hands Next.js the nonce for its inline scripts. */
export function applySecurityHeaders(
  request: IncomingMessage,
  response: ServerResponse,
  options: SecurityHeaderOptions,
): void {
  const policy = contentSecurityPolicy(randomBytes(16).toString('base64'), options.frameAncestors);
  // Replaces whatever the client sent, so a client cannot pick the nonce Next.js uses.
  request.headers['content-security-policy'] = policy;
  delete request.headers['content-security-policy-report-only'];
  response.setHeader('Content-Security-Policy', policy);
  response.setHeader('X-Content-Type-Options', 'nosniff');
  // The address holds no token after the first load, but other sites need not learn it either.
  response.setHeader('Referrer-Policy', 'no-referrer');
}
