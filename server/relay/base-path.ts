/**
 * Baton behind a path prefix. A proxy that strips its prefix (code-server's `/proxy/<port>/`)
 * needs nothing here: the page addresses everything relative to where it was served
 * (./page-head.ts). A proxy that keeps it (`/absproxy/<port>/`) sends the relay addresses under
 * the prefix: `--base-path` (or the proxy's `X-Forwarded-Prefix` header) names it, and it is taken
 * off every request's address, socket.io's WebSocket handshakes included, before anything routes
 * it. Addresses without the prefix keep working, so the relay also answers on its own port.
 */
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { RequestHandler } from './http-handler';

export class BasePathError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BasePathError';
  }
}

/** One or more path segments of unreserved characters: nothing that needs escaping or could end a header. */
const BASE_PATH = /^(\/[A-Za-z0-9._~-]+)+$/;

/** `--base-path` or `BATON_BASE_PATH`: `/absproxy/4780` (a trailing slash is dropped); '' for none. */
export function parseBasePath(value: string | undefined): string {
  const trimmed = value?.trim().replace(/\/+$/, '') ?? '';
  if (trimmed === '') return '';
  if (!BASE_PATH.test(trimmed) || trimmed.split('/').some((segment) => segment === '.' || segment === '..')) {
    throw new BasePathError(
      `--base-path takes the path a proxy serves Baton under, like /absproxy/4780 (not ${JSON.stringify(value)}).`,
    );
  }
  return trimmed;
}

/**
 * The address without the prefix, `redirect` when the address is the prefix alone (its page's
 * relative addresses need the trailing slash), or the address unchanged when it has no prefix.
 */
export function withoutBasePath(url: string, basePath: string): { url: string } | { redirect: string } {
  if (basePath === '') return { url };
  const end = url.search(/[?#]/);
  const pathname = end === -1 ? url : url.slice(0, end);
  if (pathname === basePath) return { redirect: `${basePath}/${end === -1 ? '' : url.slice(end)}` };
  if (pathname.startsWith(`${basePath}/`)) return { url: url.slice(basePath.length) };
  return { url };
}

/** The prefix a proxy says it serves Baton under (`X-Forwarded-Prefix`), when it is a well-formed one. */
export function forwardedPrefix(request: IncomingMessage): string {
  const header = request.headers['x-forwarded-prefix'];
  const value = Array.isArray(header) ? header[0] : header;
  try {
    return parseBasePath(value);
  } catch {
    return '';
  }
}

/** The prefix for this request: the configured one, else the one its proxy names. */
function basePathOf(request: IncomingMessage, configured: string): string {
  return configured === '' ? forwardedPrefix(request) : configured;
}

/** Takes the prefix off every HTTP request before `next` sees it. */
export function handleUnderBasePath(configured: string, next: RequestHandler): RequestHandler {
  return (request, response) => {
    const outcome = withoutBasePath(request.url ?? '/', basePathOf(request, configured));
    if ('redirect' in outcome) {
      return void response.writeHead(308, { Location: outcome.redirect, 'Cache-Control': 'no-store' }).end();
    }
    request.url = outcome.url;
    return next(request, response);
  };
}

/**
 * Takes the prefix off WebSocket handshakes before socket.io (attached to the same server) reads
 * their address: this listener goes first, and every listener gets the same request object.
 */
export function stripBasePathFromUpgrades(httpServer: HttpServer, configured: string): void {
  httpServer.prependListener('upgrade', (request: IncomingMessage) => {
    const outcome = withoutBasePath(request.url ?? '/', basePathOf(request, configured));
    if ('url' in outcome) request.url = outcome.url;
  });
}

/**
 * The way from a page at `appPath` (the address the relay answered, prefix taken off) back to the
 * app's root, as a relative address: `./` for `/`, `../` for `/t/<id>`. The browser's address
 * ends with the same path whatever prefix a proxy put before it, so this one relative address
 * finds the root behind any proxy.
 */
export function relativeRoot(appPath: string): string {
  const depth = appPath.split('/').length - 2;
  return depth <= 0 ? './' : '../'.repeat(depth);
}
