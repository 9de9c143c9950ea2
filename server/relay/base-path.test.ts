import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import { BasePathError, handleUnderBasePath, parseBasePath, portProxyPrefix, relativeRoot, withoutBasePath } from './base-path';

describe('parseBasePath', () => {
  it('takes a path of one or more segments and drops a trailing slash', () => {
    expect(parseBasePath('/absproxy/4780')).toBe('/absproxy/4780');
    expect(parseBasePath('/absproxy/4780/')).toBe('/absproxy/4780');
    expect(parseBasePath(undefined)).toBe('');
    expect(parseBasePath('  ')).toBe('');
    expect(parseBasePath('/')).toBe('');
  });

  it('refuses what is not a plain path, saying what it takes', () => {
    for (const bad of ['absproxy/4780', '/a b', '/a/../b', '/a?x=1', 'http://host/a', '/a/%2e%2e', '/a\r\nX: y']) {
      expect(() => parseBasePath(bad), bad).toThrow(BasePathError);
    }
    expect(() => parseBasePath('x')).toThrow(/like \/absproxy\/4780/);
  });
});

describe('withoutBasePath', () => {
  it('takes the prefix off an address under it, keeping the query', () => {
    expect(withoutBasePath('/absproxy/4780/t/abc?embed=1', '/absproxy/4780')).toEqual({ url: '/t/abc?embed=1' });
    expect(withoutBasePath('/absproxy/4780/', '/absproxy/4780')).toEqual({ url: '/' });
    expect(withoutBasePath('/absproxy/4780/socket.io/?EIO=4', '/absproxy/4780')).toEqual({ url: '/socket.io/?EIO=4' });
  });

  it('redirects the prefix alone to the prefix with its slash', () => {
    expect(withoutBasePath('/absproxy/4780', '/absproxy/4780')).toEqual({ redirect: '/absproxy/4780/' });
    expect(withoutBasePath('/absproxy/4780?embed=1', '/absproxy/4780')).toEqual({ redirect: '/absproxy/4780/?embed=1' });
  });

  it('leaves other addresses alone: a sibling that only starts alike, or none configured', () => {
    expect(withoutBasePath('/absproxy/47801/x', '/absproxy/4780')).toEqual({ url: '/absproxy/47801/x' });
    expect(withoutBasePath('/t/abc', '/absproxy/4780')).toEqual({ url: '/t/abc' });
    expect(withoutBasePath('/absproxy/4780/', '')).toEqual({ url: '/absproxy/4780/' });
  });
});

describe('relativeRoot', () => {
  it('is the way from a page address back to the root', () => {
    expect(relativeRoot('/')).toBe('./');
    expect(relativeRoot('/index.html')).toBe('./');
    expect(relativeRoot('/t/abc')).toBe('../');
    expect(relativeRoot('/t/abc/')).toBe('../../');
  });
});

/** What the handler behind it saw, or where it was sent instead. */
async function served(configured: string, address: string | ((port: number) => string), headers: Record<string, string> = {}) {
  const server = createServer(handleUnderBasePath(configured, (request, response) => void response.end(request.url)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const port = (server.address() as AddressInfo).port;
    const path = typeof address === 'string' ? address : address(port);
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers, redirect: 'manual' });
    return { status: response.status, location: response.headers.get('location'), seen: await response.text() };
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('handleUnderBasePath', () => {
  it('hands on addresses without the configured prefix, and addresses that never had it', async () => {
    expect(await served('/absproxy/4780', '/absproxy/4780/t/abc?embed=1')).toMatchObject({ status: 200, seen: '/t/abc?embed=1' });
    expect(await served('/absproxy/4780', '/t/abc')).toMatchObject({ status: 200, seen: '/t/abc' });
  });

  it('sends the prefix alone on to the prefix with its slash', async () => {
    expect(await served('/absproxy/4780', '/absproxy/4780')).toMatchObject({ status: 308, location: '/absproxy/4780/' });
  });

  it("takes a proxy's X-Forwarded-Prefix when none is configured, and ignores a malformed one", async () => {
    expect(await served('', '/sub/baton/t/abc', { 'x-forwarded-prefix': '/sub/baton' })).toMatchObject({ seen: '/t/abc' });
    expect(await served('', '/sub/baton/t/abc', { 'x-forwarded-prefix': '/sub/../baton' })).toMatchObject({ seen: '/sub/baton/t/abc' });
    expect(await served('/absproxy/4780', '/sub/baton/t/abc', { 'x-forwarded-prefix': '/sub/baton' })).toMatchObject({
      seen: '/sub/baton/t/abc',
    });
  });
});

describe("code-server's prefixes, kept by the proxy, without --base-path", () => {
  it('are recognised only when they name the port the request came in on', () => {
    expect(portProxyPrefix('/absproxy/4780/_next/static/a.js', 4780)).toBe('/absproxy/4780');
    expect(portProxyPrefix('/proxy/4780/socket.io/?EIO=4', 4780)).toBe('/proxy/4780');
    expect(portProxyPrefix('/absproxy/4780', 4780)).toBe('/absproxy/4780');
    expect(portProxyPrefix('/absproxy/4780?embed=1', 4780)).toBe('/absproxy/4780');
    for (const other of [
      '/absproxy/4781/t/abc',
      '/absproxy/04780/t/abc',
      '/absproxy/47801/t/abc',
      '/absproxy/4780x/',
      '/x/absproxy/4780/',
      '/t/abc',
    ]) {
      expect(portProxyPrefix(other, 4780), other).toBe('');
    }
    expect(portProxyPrefix('/absproxy/4780/', undefined)).toBe('');
  });

  it('are taken off before routing, and only then', async () => {
    expect(await served('', (port) => `/absproxy/${port}/t/abc?embed=1`)).toMatchObject({ status: 200, seen: '/t/abc?embed=1' });
    expect(await served('', (port) => `/proxy/${port}/_next/static/a.js`)).toMatchObject({ status: 200, seen: '/_next/static/a.js' });
    expect(await served('', (port) => `/absproxy/${port}`)).toMatchObject({
      status: 308,
      location: expect.stringMatching(/^\/absproxy\/\d+\/$/),
    });
    expect(await served('', '/absproxy/1/t/abc')).toMatchObject({ status: 200, seen: '/absproxy/1/t/abc' });
    // A configured prefix or a proxy's header says where Baton is: nothing is guessed then.
    expect(await served('/base', (port) => `/absproxy/${port}/t/abc`)).toMatchObject({
      seen: expect.stringMatching(/^\/absproxy\/\d+\/t\/abc$/),
    });
    expect(await served('', (port) => `/sub/absproxy/${port}/t`, { 'x-forwarded-prefix': '/sub' })).toMatchObject({
      seen: expect.stringMatching(/^\/absproxy\/\d+\/t$/),
    });
  });

  it('leave a path that climbs out of the prefix as the same path without it, for the build-file lookup to refuse', async () => {
    const server = createServer(handleUnderBasePath('', (request, response) => void response.end(request.url)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      // A raw request: fetch would resolve the dots before sending.
      const seen = await new Promise<string>((resolve, reject) => {
        const outgoing = httpRequest({ host: '127.0.0.1', port, path: `/absproxy/${port}/../../etc/passwd` }, (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.once('end', () => resolve(body));
        });
        outgoing.once('error', reject);
        outgoing.end();
      });
      expect(seen).toBe('/../../etc/passwd');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
