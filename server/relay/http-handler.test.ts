/**
 * The guarded HTTP handler on a real loopback server, with a stand-in for Next.js that reports
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
    createGuardedHandler(guard, { frameAncestors: FRAME_ANCESTORS }, (request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ requestPolicy: request.headers['content-security-policy'] ?? null }));
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const cookie = () => ({ cookie: `baton_token=${token}` });

/** A GET naming another Host, which fetch will not send. */
function getAsHost(host: string): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${origin}/`, { headers: { ...cookie(), host } }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, headers: response.headers });
    });
    outgoing.once('error', reject);
    outgoing.end();
  });
}

describe('who gets through', () => {
  it('trades a token in the URL for an HttpOnly, SameSite=Strict cookie and drops it from the address', async () => {
    const response = await fetch(`${origin}/threads?token=${token}&view=1`, { redirect: 'manual' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/threads?view=1');
    expect(response.headers.get('set-cookie')).toBe(`baton_token=${token}; HttpOnly; SameSite=Strict; Path=/`);
  });

  it('refuses a request without the token, with a wrong one, or naming another host', async () => {
    expect((await fetch(`${origin}/`)).status).toBe(401);
    expect((await fetch(`${origin}/?token=wrong`, { redirect: 'manual' })).status).toBe(401);
    expect((await fetch(`${origin}/`, { headers: { cookie: 'baton_token=wrong' } })).status).toBe(401);
    expect((await getAsHost('evil.example')).status).toBe(403);
  });

  it('lets a GET through without an Origin, as browsers send navigations', async () => {
    expect((await fetch(`${origin}/`, { headers: cookie() })).status).toBe(200);
  });

  it('refuses a foreign Origin on any request', async () => {
    const response = await fetch(`${origin}/`, { headers: { ...cookie(), origin: 'https://evil.example' } });
    expect(response.status).toBe(403);
  });

  it('refuses a state-changing request without an allowed Origin, even with the token', async () => {
    const post = (headers: Record<string, string>) => fetch(`${origin}/`, { method: 'POST', headers, body: '{}' });
    expect((await post(cookie())).status).toBe(403);
    expect((await post({ ...cookie(), origin: 'https://evil.example' })).status).toBe(403);
    expect((await post({ ...cookie(), origin: 'null' })).status).toBe(403);
    expect((await post({ ...cookie(), origin })).status).toBe(200);
    const put = await fetch(`${origin}/`, { method: 'PUT', headers: cookie(), body: '{}' });
    expect(put.status).toBe(403);
  });
});

describe('headers on every response', () => {
  it('sets the CSP, nosniff and no-referrer on pages, redirects and refusals alike', async () => {
    const responses = [
      await fetch(`${origin}/`, { headers: cookie() }),
      await fetch(`${origin}/?token=${token}`, { redirect: 'manual' }),
      await fetch(`${origin}/`),
      await fetch(`${origin}/`, { method: 'POST', headers: { ...cookie(), origin: 'https://evil.example' } }),
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

  it('uses a fresh nonce per response and hands the same policy to Next.js, whatever the client sent', async () => {
    const send = () =>
      fetch(`${origin}/`, { headers: { ...cookie(), 'content-security-policy': "script-src 'nonce-chosenbyclient'" } });
    const [first, second] = [await send(), await send()];
    const nonce = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? '')?.[1];
    expect(nonce(first.headers.get('content-security-policy'))).not.toBe(nonce(second.headers.get('content-security-policy')));
    const handedOn = (await first.json()) as { requestPolicy: string };
    expect(handedOn.requestPolicy).toBe(first.headers.get('content-security-policy'));
    expect(handedOn.requestPolicy).not.toContain('chosenbyclient');
  });
});
