/**
 * The guarded HTTP handler on a real loopback server, with a stand-in page handler that reports
 * what it was handed: who gets through, and the headers every response carries.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessGuard, generateToken } from './access-guard';
import { createGuardedHandler } from './http-handler';

const token = generateToken();
const FRAME_ANCESTORS = "'self' https://code.example:8443";
let server: Server;
let origin: string;

beforeAll(async () => {
  const guard = new AccessGuard({ token });
  server = createServer(
    createGuardedHandler(guard, { frameAncestors: FRAME_ANCESTORS }, (_request, response, nonce) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ nonce }));
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const bearer = () => ({ authorization: `Bearer ${token}` });

/** A GET naming another Host, which fetch will not send. */
function getAsHost(host: string): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${origin}/`, { headers: { host } }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, headers: response.headers });
    });
    outgoing.once('error', reject);
    outgoing.end();
  });
}

describe('who gets through', () => {
  it('serves the page and its files without a token: they hold nothing secret, and no cookie is set', async () => {
    for (const address of ['/', '/_next/static/chunk.js', `/?token=${token}`]) {
      const response = await fetch(`${origin}${address}`, { redirect: 'manual' });
      expect(response.status).toBe(200);
      expect(response.headers.get('set-cookie')).toBeNull();
    }
    expect((await fetch(`${origin}/`, { method: 'HEAD' })).status).toBe(200);
  });

  it('refuses a request naming another host (DNS rebinding)', async () => {
    expect((await getAsHost('evil.example')).status).toBe(403);
  });

  it('refuses a foreign Origin on any request', async () => {
    const response = await fetch(`${origin}/`, { headers: { origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
  });

  it('refuses a state-changing request without the relay’s own Origin and the bearer token', async () => {
    const post = (headers: Record<string, string>) => fetch(`${origin}/`, { method: 'POST', headers, body: '{}' });
    expect((await post(bearer())).status).toBe(403);
    expect((await post({ ...bearer(), origin: 'https://evil.example' })).status).toBe(403);
    expect((await post({ ...bearer(), origin: 'null' })).status).toBe(403);
    expect((await post({ origin })).status).toBe(401);
    expect((await post({ origin, authorization: 'Bearer wrong' })).status).toBe(401);
    // A cookie is no credential here: another local port's page could have set it.
    expect((await post({ origin, cookie: `baton_token=${token}` })).status).toBe(401);
    expect((await post({ ...bearer(), origin })).status).toBe(200);
    const put = await fetch(`${origin}/`, { method: 'PUT', headers: bearer(), body: '{}' });
    expect(put.status).toBe(403);
  });
});

describe('headers on every response', () => {
  it('sets the CSP, nosniff and no-referrer on pages and refusals alike', async () => {
    const responses = [
      await fetch(`${origin}/`),
      await fetch(`${origin}/`, { method: 'POST', headers: { origin } }),
      await fetch(`${origin}/`, { method: 'POST', headers: { ...bearer(), origin: 'https://evil.example' } }),
    ];
    for (const response of responses) {
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toMatch(/^default-src 'self'; script-src 'self' 'nonce-[\w+/]+={0,2}'; /);
      expect(policy).toContain(`; frame-ancestors ${FRAME_ANCESTORS}`);
      expect(policy).toContain("object-src 'none'");
      expect(policy).not.toContain('unsafe-inline');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    }
    const rebound = await getAsHost('evil.example');
    expect(rebound.headers['content-security-policy']).toContain('frame-ancestors');
    expect(rebound.headers['x-content-type-options']).toBe('nosniff');
  });

  it('uses a fresh nonce per response and hands the policy’s nonce to the page, whatever the client sent', async () => {
    const send = () => fetch(`${origin}/`, { headers: { 'content-security-policy': "script-src 'nonce-chosenbyclient'" } });
    const [first, second] = [await send(), await send()];
    const nonce = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? '')?.[1];
    expect(nonce(first.headers.get('content-security-policy'))).not.toBe(nonce(second.headers.get('content-security-policy')));
    const handedOn = (await first.json()) as { nonce: string };
    expect(handedOn.nonce).toBe(nonce(first.headers.get('content-security-policy')));
    expect(handedOn.nonce).not.toBe('chosenbyclient');
  });
});
