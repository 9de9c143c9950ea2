/**
 * Baton behind a path prefix. A proxy that strips its prefix (code-server's `/proxy/<port>/`)
 * needs nothing here: the page addresses everything relative to where it was served
 * (./page-head.ts). A proxy that keeps it (`/absproxy/<port>/`) sends the relay addresses under
 * the prefix: `--base-path` (or the config file's `basePath`, or the proxy's `X-Forwarded-Prefix`
 * header) names it, and it is taken off every request's address, socket.io's WebSocket handshakes
 * included, before anything routes it. Without any of these, code-server's own prefixes are
 * recognised when they name the port the request came in on (`portProxyPrefix`). Addresses
 * without the prefix keep working, so the relay also answers on its own port.
 *
 * Taking a prefix off changes only which of the relay's own addresses a request names: the UI's
 * files are served from a list of the build's files (./ui-build-files.ts), never by a path on
 * disk, and the Host, Origin and token checks run on every request after this, whatever its path.
 */
import type { IncomingMessage, Server as PlainHttpServer } from 'node:http';
import type { Server as HttpsServer } from 'node:https';

/** The relay's server: plain HTTP, or HTTPS with the user's certificate. */
type HttpServer = PlainHttpServer | HttpsServer;
import { z } from 'zod';
import type { RequestHandler } from './http-handler';

export class BasePathError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BasePathError';
  }
}

/** One or more path segments of unreserved characters: nothing that needs escaping or could end a header. */
const BASE_PATH = /^(\/[A-Za-z0-9._~-]+)+$/;

/** The prefix without its trailing slash ('' for none), or undefined when it is no such path. */
function normalBasePath(value: string | undefined): string | undefined {
  const trimmed = value?.trim().replace(/\/+$/, '') ?? '';
  if (trimmed === '') return '';
  const wellFormed = BASE_PATH.test(trimmed) && !trimmed.split('/').some((segment) => segment === '.' || segment === '..');
  return wellFormed ? trimmed : undefined;
}

const EXAMPLE = 'the path a proxy serves Baton under, like /absproxy/4780';

/** `--base-path` or `BATON_BASE_PATH`: `/absproxy/4780` (a trailing slash is dropped); '' for none. */
export function parseBasePath(value: string | undefined): string {
  const basePath = normalBasePath(value);
  if (basePath === undefined) throw new BasePathError(`--base-path takes ${EXAMPLE} (not ${JSON.stringify(value)}).`);
  return basePath;
}

/**
 * The config file's `basePath` (server/relay/relay-config.ts), checked by the same rule; the
 * command line's `--base-path` (or `BATON_BASE_PATH`), when given, wins over it.
 */
export const BasePathSettingSchema = z.object({
  basePath: z
    .string()
    .optional()
    .transform((value, context) => {
      const basePath = normalBasePath(value);
      if (basePath === undefined) context.addIssue({ code: 'custom', message: `takes ${EXAMPLE} (not ${JSON.stringify(value)})` });
      return basePath ?? '';
    }),
});

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

/**
 * code-server's port-proxy prefix, `/absproxy/<port>` or `/proxy/<port>` (a proxy may keep either),
 * when `<port>` is the one the relay took the request on: the proxy is then plainly forwarding to
 * this relay. Any other port is some other server's address and is left alone. '' when none.
 */
export function portProxyPrefix(url: string, ownPort: number | undefined): string {
  const match = /^\/(?:absproxy|proxy)\/([1-9]\d{0,4})(?=[/?#]|$)/.exec(url);
  return match !== null && Number(match[1]) === ownPort ? match[0] : '';
}

/** The prefix for this request: the configured one, else the one its proxy names, else code-server's. */
function basePathOf(request: IncomingMessage, configured: string): string {
  if (configured !== '') return configured;
  const url = request.url ?? '/';
  return forwardedPrefix(request) || portProxyPrefix(url, request.socket.localPort);
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
