/** For tests: an HTTP server on 127.0.0.1 serving fixed bytes by path (a registry, archives, an npm registry). */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackFiles {
  url: (pathname: string) => string;
  set: (pathname: string, body: Buffer | string) => void;
  requests: string[];
  /** The next download of `pathname` sends its headers and first byte, then waits for the returned release. */
  hold: (pathname: string) => () => void;
  close: () => Promise<void>;
}

export async function serveLoopbackFiles(): Promise<LoopbackFiles> {
  const files = new Map<string, Buffer>();
  const requests: string[] = [];
  const holds = new Map<string, Promise<void>>();
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    requests.push(pathname);
    const body = files.get(pathname);
    if (body === undefined) return void response.writeHead(404).end('not here');
    response.writeHead(200, { 'content-length': body.length });
    const held = holds.get(pathname);
    if (!held) return void response.end(body);
    holds.delete(pathname);
    response.write(body.subarray(0, 1));
    void held.then(() => response.end(body.subarray(1)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (pathname) => `http://127.0.0.1:${port}${pathname}`,
    set: (pathname, body) => void files.set(pathname, Buffer.from(body)),
    requests,
    hold: (pathname) => {
      let release: () => void = () => undefined;
      holds.set(pathname, new Promise((resolve) => (release = resolve)));
      return release;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
