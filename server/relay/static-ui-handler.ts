/**
 * Serves the UI's static build, so the relay never loads Next.js at run time (it cost seconds of
 * start-up and a hundred MiB of memory to serve one client-side page). The app page answers `/`
 * and every thread address `/t/<id>` (the client reads the id from the address); hashed files
 * under `/_next/static/` are cached for good; anything else is a 404. Every HTML response gets the
 * response's CSP nonce on its inline scripts (./html-nonce.ts) and the head that lets it work at any
 * address (./page-head.ts). Only GET and HEAD.
 */
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { relativeRoot } from './base-path';
import { nonceTemplate, type NonceTemplate } from './html-nonce';
import { completePageHead } from './page-head';
import type { PageHandler } from './http-handler';
import { APP_PAGE, NOT_FOUND_PAGE, type UiBuildFiles } from './ui-build-files';

const gzipped = promisify(gzip);

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};
const COMPRESSIBLE = new Set(['.js', '.css', '.json', '.webmanifest', '.txt', '.map', '.svg']);
/** Next.js names every file here by its content's hash: a new build gives new names. */
const IMMUTABLE_FOLDER = '/_next/static/';
const THREAD_ADDRESS = /^\/t\/[^/]+\/?$/;

interface StaticBody {
  raw: Buffer;
  /** Set for compressible types, made once on first request. */
  gzip?: Buffer;
}

export interface StaticUiOptions {
  /** The CSP `frame-ancestors` sources, which the page learns from its head. */
  frameAncestors: string;
}

export function createStaticUiHandler(files: UiBuildFiles, log: (message: string) => void, options: StaticUiOptions): PageHandler {
  const bodies = new Map<string, Promise<StaticBody>>();
  const templates = new Map<string, Promise<NonceTemplate>>();
  // A read that failed is not remembered: the next request tries again.
  const remember = <T>(cache: Map<string, Promise<T>>, key: string, value: Promise<T>) => {
    cache.set(key, value);
    value.catch(() => cache.delete(key));
    return value;
  };
  const loadBody = (urlPath: string, file: string) => {
    const body = bodies.get(urlPath);
    if (body) return body;
    const compress = COMPRESSIBLE.has(path.extname(file));
    return remember(
      bodies,
      urlPath,
      readFile(file).then(async (raw) => (compress ? { raw, gzip: await gzipped(raw) } : { raw })),
    );
  };
  // One template per page and depth of the address it answers (`/` or `/t/<id>`): a handful.
  const loadTemplate = (urlPath: string, file: string, root: string) => {
    const key = `${root}${urlPath}`;
    const prepare = (html: string) => nonceTemplate(completePageHead(html, { relativeRoot: root, frameAncestors: options.frameAncestors }));
    return templates.get(key) ?? remember(templates, key, readFile(file, 'utf8').then(prepare));
  };

  const sendPage = async (
    response: ServerResponse,
    page: { urlPath: string; appPath: string },
    status: number,
    nonce: string,
    head: boolean,
  ) => {
    const file = files.get(page.urlPath);
    if (!file) return void response.writeHead(status, plainHeaders()).end(head ? undefined : 'Not found.\n');
    const html = Buffer.from((await loadTemplate(page.urlPath, file, relativeRoot(page.appPath))).render(nonce));
    // The nonce differs for every response, so the page is never stored or reused.
    response.writeHead(status, {
      'Content-Type': CONTENT_TYPES['.html'],
      'Content-Length': html.length,
      'Cache-Control': 'no-store',
    });
    response.end(head ? undefined : html);
  };

  const sendFile = async (request: IncomingMessage, response: ServerResponse, urlPath: string, file: string) => {
    const extension = path.extname(file);
    const body = await loadBody(urlPath, file);
    const useGzip = body.gzip !== undefined && acceptsGzip(request.headers['accept-encoding']);
    const content = useGzip ? body.gzip! : body.raw;
    response.writeHead(200, {
      'Content-Type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
      'Content-Length': content.length,
      'Cache-Control': urlPath.startsWith(IMMUTABLE_FOLDER) ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(body.gzip !== undefined ? { Vary: 'Accept-Encoding' } : {}),
      ...(useGzip ? { 'Content-Encoding': 'gzip' } : {}),
    });
    response.end(request.method === 'HEAD' ? undefined : content);
  };

  const serve = async (request: IncomingMessage, response: ServerResponse, nonce: string) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return void response.writeHead(405, { ...plainHeaders(), Allow: 'GET, HEAD' }).end('Only GET and HEAD here.\n');
    }
    const head = request.method === 'HEAD';
    const urlPath = requestPath(request.url);
    if (urlPath === undefined) return void response.writeHead(400, plainHeaders()).end('Malformed address.\n');
    if (urlPath === '/' || THREAD_ADDRESS.test(urlPath))
      return sendPage(response, { urlPath: APP_PAGE, appPath: urlPath }, 200, nonce, head);
    const file = files.get(urlPath);
    if (!file) return sendPage(response, { urlPath: NOT_FOUND_PAGE, appPath: urlPath }, 404, nonce, head);
    if (path.extname(file) === '.html') return sendPage(response, { urlPath, appPath: urlPath }, 200, nonce, head);
    return sendFile(request, response, urlPath, file);
  };

  return (request, response, nonce) =>
    serve(request, response, nonce).catch((error: unknown) => {
      log(`could not serve ${request.url}: ${error instanceof Error ? error.message : String(error)}`);
      if (!response.headersSent) response.writeHead(500, plainHeaders());
      response.end();
    });
}

/** The decoded path of a request's address, undefined when it is not a valid one. */
function requestPath(url: string | undefined): string | undefined {
  try {
    const decoded = decodeURIComponent(new URL(url ?? '/', 'http://relay.invalid').pathname);
    return decoded.includes('\0') ? undefined : decoded;
  } catch {
    // A malformed percent-escape names no file; the caller answers 400.
    return undefined;
  }
}

/** Whether the client takes gzip: named in Accept-Encoding and not with `q=0`. */
function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((coding) => {
    const [name, ...parameters] = coding.trim().toLowerCase().split(';');
    return (name === 'gzip' || name === '*') && !parameters.some((parameter) => /^\s*q=0(\.0*)?\s*$/.test(parameter));
  });
}

function plainHeaders(): Record<string, string> {
  return { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' };
}
