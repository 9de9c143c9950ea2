/** For tests: an HTTP server on 127.0.0.1 serving fixed bytes by path (a registry, archives, an npm registry). */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackFiles {
  url: (pathname: string) => string;
  set: (pathname: string, body: Buffer | string) => void;
  requests: string[];
  close: () => Promise<void>;
}

export async function serveLoopbackFiles(): Promise<LoopbackFiles> {
  const files = new Map<string, Buffer>();
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    requests.push(pathname);
    const body = files.get(pathname);
    if (body === undefined) return void response.writeHead(404).end('not here');
    response.writeHead(200, { 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (pathname) => `http://127.0.0.1:${port}${pathname}`,
    set: (pathname, body) => void files.set(pathname, Buffer.from(body)),
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
