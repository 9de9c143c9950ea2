/**
 * The relay's HTTP server (HTTPS with `--tls-cert`/`--tls-key`): the page's static build, the
 * exchange of a sign-in or pairing code, and a notification's answers, all under the base path
 * and behind the access guard. socket.io is attached to it by the caller.
 */
import { createServer, type Server } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AccessGuard } from './access-guard';
import { handleUnderBasePath } from './base-path';
import { refuseForeignFrames } from './frame-refusal';
import { createGuardedHandler, type PageHandler, type RequestHandler } from './http-handler';
import type { SecurityHeaderOptions } from './security-headers';
import { createStaticUiHandler } from './static-ui-handler';
import type { TlsFiles } from './tls-files';
import { UI_BUILD_FOLDER } from './ensure-ui-build';
import { readUiBuildFiles } from './ui-build-files';

export interface RelayHttpServerOptions {
  guard: AccessGuard;
  headers: SecurityHeaderOptions;
  basePath: string;
  /** False in tests that need no page: every page request is then a 404. */
  serveUi: boolean;
  signIn: RequestHandler;
  pushAnswer: RequestHandler;
  tls?: TlsFiles;
  log: (message: string) => void;
}

export async function createRelayHttpServer(options: RelayHttpServerOptions): Promise<Server> {
  const { guard, headers, log } = options;
  const handleUi: PageHandler = options.serveUi
    ? createStaticUiHandler(await readUiBuildFiles(UI_BUILD_FOLDER), log, headers)
    : (_request, response) => void response.writeHead(404).end();
  const handler = handleUnderBasePath(
    options.basePath,
    createGuardedHandler(guard, headers, refuseForeignFrames(headers.frameAncestors, handleUi), options.signIn, options.pushAnswer),
  );
  // An https.Server is an http.Server to everything that attaches to it (socket.io, the base path's upgrades).
  return options.tls ? createTlsServer(options.tls, handler) : createServer(handler);
}
