/**
 * Every HTTP request passes here before Next.js sees it. A request carrying the launch token in
 * its URL gets the token as an HttpOnly cookie and is redirected to the same address without it,
 * so the token leaves the address bar and the history; later requests present the cookie.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AccessGuard, TOKEN_COOKIE } from './access-guard';

export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;

export function createGuardedHandler(guard: AccessGuard, next: RequestHandler): RequestHandler {
  return (request, response) => {
    if (!guard.isAllowedHost(request.headers.host)) {
      return refuse(response, 403, 'This host name is not allowed.');
    }
    if (!guard.isAllowedOrigin(request.headers.origin)) {
      return refuse(response, 403, 'Requests from other origins are not allowed.');
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
    if (!guard.isValidToken(guard.tokenFromCookie(request))) {
      return refuse(response, 401, 'Open Baton with the URL it printed when it started (it carries the token).');
    }
    return next(request, response);
  };
}

function refuse(response: ServerResponse, status: 401 | 403, message: string): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(`${message}\n`);
}
