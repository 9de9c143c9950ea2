import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { BasePathError, handleUnderBasePath, parseBasePath, relativeRoot, withoutBasePath } from './base-path';

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

describe('handleUnderBasePath', () => {
  /** What the handler behind it saw, or where it was sent instead. */
  async function served(configured: string, address: string, headers: Record<string, string> = {}) {
    const server = createServer(handleUnderBasePath(configured, (request, response) => void response.end(request.url)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${address}`, { headers, redirect: 'manual' });
      return { status: response.status, location: response.headers.get('location'), seen: await response.text() };
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }

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
    expect(await served('/absproxy/4780', '/sub/baton/t/abc', { 'x-forwarded-prefix': '/sub/baton' })).toMatchObject({ seen: '/sub/baton/t/abc' });
  });
});
