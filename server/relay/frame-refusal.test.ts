/** The inert page for frames Baton refuses, over a real loopback server behind the guarded handler. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessGuard, generateToken } from './access-guard';
import { refuseForeignFrames } from './frame-refusal';
import { createGuardedHandler } from './http-handler';

const FRAME_ANCESTORS = "'self' http://127.0.0.1:8080";
const token = generateToken();
let server: Server;
let origin: string;

beforeAll(async () => {
  const page = refuseForeignFrames(FRAME_ANCESTORS, (_request, response) => void response.writeHead(200).end(`the app ${token}`));
  server = createServer(createGuardedHandler(new AccessGuard({ token }), { frameAncestors: FRAME_ANCESTORS }, page));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const framed = (site: string, referer?: string) =>
  fetch(`${origin}/t/abc`, { headers: { 'sec-fetch-dest': 'iframe', 'sec-fetch-site': site, ...(referer ? { referer } : {}) } });

describe('a frame from an origin not allowed', () => {
  it('gets the inert page naming the origin and the flag, with no script and nothing of the app', async () => {
    const response = await framed('cross-site', 'http://evil.example:9000/page?x=1');
    expect(response.status).toBe(403);
    const body = await response.text();
    expect(body).toContain(
      'Baton refuses to be shown inside http://evil.example:9000; start Baton with <code>--frame-ancestors http://evil.example:9000</code>',
    );
    expect(body).not.toContain('<script');
    expect(body).not.toContain(token);
    expect(body).not.toContain('the app');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain('frame-ancestors *');
  });

  it('also from another port of the same host (same-site, another origin)', async () => {
    const body = await (await framed('same-site', 'http://127.0.0.1:8081/')).text();
    expect(body).toContain('inside http://127.0.0.1:8081;');
  });

  it('gets it without an origin when the page hid its address and only Baton itself may frame it', async () => {
    const only = refuseForeignFrames("'self'", (_request, response) => void response.end('the app'));
    const refusing = createServer((request, response) => void only(request, response, 'bm9uY2U='));
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    try {
      const address = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}/`;
      const body = await (await fetch(address, { headers: { 'sec-fetch-dest': 'iframe', 'sec-fetch-site': 'cross-site' } })).text();
      expect(body).toContain("inside another site's page");
    } finally {
      refusing.closeAllConnections();
      await new Promise((resolve) => refusing.close(resolve));
    }
  });
});

describe('what goes on to the app, which keeps frame-ancestors', () => {
  it('a frame from an allowed origin, a same-origin frame, a top-level page, and a hidden referrer when others are allowed', async () => {
    const responses = [
      await framed('same-site', 'http://127.0.0.1:8080/host.html'),
      await framed('same-origin', `${origin}/`),
      await framed('cross-site'),
      await fetch(`${origin}/t/abc`, {
        headers: { 'sec-fetch-dest': 'document', 'sec-fetch-site': 'cross-site', referer: 'http://evil.example/' },
      }),
      await fetch(`${origin}/t/abc`),
    ];
    for (const response of responses) {
      expect(await response.text()).toBe(`the app ${token}`);
      expect(response.headers.get('content-security-policy')).toContain(`frame-ancestors ${FRAME_ANCESTORS}`);
    }
  });
});
