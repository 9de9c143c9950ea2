/**
 * Every HTTP request passes here before the UI's files are served. The page and its static files carry
 * nothing secret (every thread, file and action comes over the token-checked socket), so GET and
 * HEAD need no token: that is what lets the credential live in the page's own storage instead of
 * a cookie that every local port would receive. A request that could change state must come from
 * the relay's own origin and present the token as `Authorization: Bearer`; the one exception is the
 * exchange of a one-time sign-in code for the token (./sign-in-exchange.ts), which a page holding
 * no token yet makes, and a notification's answer with its one-time key (./push-answer.ts);
 * both pass the same Host and Origin checks first.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PUSH_ANSWER_PATH } from '../../lib/protocol/push';
import { SIGN_IN_CODE_PATH } from '../../lib/protocol/sign-in-code';
import type { AccessGuard } from './access-guard';
import { applySecurityHeaders, type SecurityHeaderOptions } from './security-headers';

export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;
/** What serves a request that got through: it is given the CSP nonce of its response. */
export type PageHandler = (request: IncomingMessage, response: ServerResponse, nonce: string) => void | Promise<void>;

/** Methods a browser sends without an Origin on a same-origin request and that change nothing here. */
const SAFE_METHODS = new Set(['GET', 'HEAD']);

export function createGuardedHandler(
  guard: AccessGuard,
  headers: SecurityHeaderOptions,
  next: PageHandler,
  signIn?: RequestHandler,
  pushAnswer?: RequestHandler,
): RequestHandler {
  return (request, response) => {
    const nonce = applySecurityHeaders(response, headers);
    if (!guard.isAllowedHost(request.headers.host)) {
      return refuse(response, 403, 'This host name is not allowed.');
    }
    const origin = request.headers.origin;
    const safe = SAFE_METHODS.has(request.method ?? 'GET');
    // A foreign Origin is refused on any request; a request that could change state must name one.
    if ((origin !== undefined || !safe) && !guard.isAllowedOrigin(origin, request.headers.host)) {
      return refuse(response, 403, 'Requests from other origins, or without an Origin, are not allowed here.');
    }
    if (signIn && request.method === 'POST' && pathOf(request.url) === `/${SIGN_IN_CODE_PATH}`) return signIn(request, response);
    // Carries its own one-time key instead of the token (./push-answer.ts).
    if (pushAnswer && request.method === 'POST' && pathOf(request.url) === `/${PUSH_ANSWER_PATH}`) return pushAnswer(request, response);
    if (!safe && !guard.isValidToken(guard.tokenFromRequest(request))) {
      return refuse(response, 401, 'This request needs the token, as `Authorization: Bearer <token>`.');
    }
    return next(request, response, nonce);
  };
}

function pathOf(url: string | undefined): string {
  const end = (url ?? '/').search(/[?#]/);
  return end === -1 ? (url ?? '/') : (url ?? '/').slice(0, end);
}

function refuse(response: ServerResponse, status: 401 | 403, message: string): void {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' });
  response.end(`${message}\n`);
}
