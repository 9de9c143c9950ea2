/**
 * Every HTTP request passes here before Next.js sees it. A request carrying the launch token in
 * its URL gets the token as an HttpOnly cookie and is redirected to the same address without it,
 * so the token leaves the address bar and the history; later requests present the cookie.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AccessGuard, TOKEN_COOKIE } from './access-guard';
import { applySecurityHeaders, type SecurityHeaderOptions } from './security-headers';

export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;

/** Methods a browser sends without an Origin on a same-origin request and that change nothing here. */
const SAFE_METHODS = new Set(['GET', 'HEAD']);

export function createGuardedHandler(
  guard: AccessGuard,
  headers: SecurityHeaderOptions,
  next: RequestHandler,
): RequestHandler {
  return (request, response) => {
    applySecurityHeaders(request, response, headers);
    if (!guard.isAllowedHost(request.headers.host)) {
      return refuse(response, 403, 'This host name is not allowed.');
    }
    const origin = request.headers.origin;
    // A foreign Origin is refused on any request; a request that could change state must name one.
    const needsOrigin = origin !== undefined || !SAFE_METHODS.has(request.method ?? 'GET');
    if (needsOrigin && !guard.isAllowedOrigin(origin, request.headers.host)) {
      return refuse(response, 403, 'Requests from other origins, or without an Origin, are not allowed here.');
    }
    const url = new URL(request.url ?? '/', 'http://relay.invalid');
    const urlToken = url.searchParams.get('token');
    if (urlToken !== null) {
      if (!guard.isValidToken(urlToken)) return refuse(response, 401, 'The token in this URL is not valid.');
      url.searchParams.delete('token');
      response.writeHead(303, {
        'Set-Cookie': `${TOKEN_COOKIE}=${encodeURIComponent(urlToken)}; HttpOnly; SameSite=Strict; Path=/`,
        Location: url.pathname + url.search,
        'Cache-Control': 'no-store',
      });
      response.end();
      return;
    }
    if (!guard.isValidToken(guard.tokenFromRequest(request))) {
      return refuse(response, 401, 'Open Baton with the URL it printed when it started (it carries the token).');
    }
    return next(request, response);
  };
}

function refuse(response: ServerResponse, status: 401 | 403, message: string): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(`${message}\n`);
}
