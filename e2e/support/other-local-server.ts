/**
 * Another origin on this machine, as an attacker's local server would be: a real HTTP server on
 * another loopback port that serves the pages it is given and records every request the browser
 * sends it, headers included, so a test can say what it learnt.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OtherLocalServer {
  origin: string;
  /** Every request the browser sent, in order. */
  requests: Array<{ url: string; headers: IncomingHttpHeaders }>;
  close(): Promise<void>;
}

/** `pages` maps a path to the HTML served there; any other path answers 204. */
export async function startOtherLocalServer(pages: Record<string, string>): Promise<OtherLocalServer> {
  const requests: OtherLocalServer['requests'] = [];
  const server = createServer((request, response) => {
    requests.push({ url: request.url ?? '/', headers: request.headers });
    const page = pages[new URL(request.url ?? '/', 'http://other.invalid').pathname];
    if (page === undefined) return void response.writeHead(204).end();
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
