/**
 * The exchange of a one-time sign-in code for the token, on a real loopback server behind the
 * guarded handler: it passes the Host and Origin checks of every request, works once, and
 * refuses every malformed request with a reason.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_CODE_EXPIRED_MESSAGE, SIGN_IN_CODE_UNKNOWN_MESSAGE } from '../../lib/protocol/sign-in-code';
import { AccessGuard, generateToken } from './access-guard';
import { createGuardedHandler } from './http-handler';
import { SignInCodes } from './sign-in-codes';
import { createSignInExchange } from './sign-in-exchange';

const token = generateToken();
let now = 0;
const codes = new SignInCodes(30_000, () => now);
const logged: string[] = [];
let server: Server;
let origin: string;

beforeAll(async () => {
  const guard = new AccessGuard({ token });
  const page = createGuardedHandler(
    guard,
    { frameAncestors: "'self'" },
    (_request, response) => void response.writeHead(200).end('page'),
    createSignInExchange({ codes, token: () => token, log: (line) => logged.push(line) }),
  );
  server = createServer(page);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function exchange(body: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${origin}/sign-in-code`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: response.status, cache: response.headers.get('cache-control'), body: (await response.json()) as unknown };
}

describe('POST /sign-in-code', () => {
  it('gives the token once for a code, and says so in the log', async () => {
    const code = codes.issue();
    expect(await exchange(JSON.stringify({ code }))).toEqual({ status: 200, cache: 'no-store', body: { token } });
    expect(await exchange(JSON.stringify({ code }))).toEqual({
      status: 401,
      cache: 'no-store',
      body: { error: SIGN_IN_CODE_UNKNOWN_MESSAGE },
    });
    expect(logged).toContain('a sign-in code from --open was exchanged for the token');
  });

  it('refuses an expired code, saying it expired', async () => {
    const code = codes.issue();
    now += 30_000;
    expect(await exchange(JSON.stringify({ code }))).toMatchObject({ status: 401, body: { error: SIGN_IN_CODE_EXPIRED_MESSAGE } });
  });

  it('passes the Origin check first: another page, or none, gets nothing, and the code stays usable', async () => {
    const code = codes.issue();
    const foreign = await fetch(`${origin}/sign-in-code`, {
      method: 'POST',
      headers: { origin: 'http://127.0.0.1:1', 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    expect(foreign.status).toBe(403);
    expect(await foreign.text()).not.toContain(token);
    const bare = await fetch(`${origin}/sign-in-code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    expect(bare.status).toBe(403);
    expect(await exchange(JSON.stringify({ code }))).toMatchObject({ status: 200, body: { token } });
  });

  it('passes the Host check first (against DNS rebinding)', async () => {
    const code = codes.issue();
    const status = await new Promise<number>((resolve, reject) => {
      const outgoing = request(
        `${origin}/sign-in-code`,
        {
          method: 'POST',
          headers: { host: 'evil.example', origin: 'http://evil.example', 'content-type': 'application/json' },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      outgoing.once('error', reject);
      outgoing.end(JSON.stringify({ code }));
    });
    expect(status).toBe(403);
    expect(await exchange(JSON.stringify({ code }))).toMatchObject({ status: 200 });
  });

  it('refuses what is not a JSON code, with a reason', async () => {
    const code = codes.issue();
    expect(await exchange(JSON.stringify({ code }), { 'content-type': 'text/plain' })).toEqual({
      status: 415,
      cache: 'no-store',
      body: { error: 'A sign-in code is sent as JSON: {"code": "…"}.' },
    });
    const shape = 'A sign-in request is {"code": "…"}, with the code from the address Baton opened.';
    for (const body of ['not json', '{}', JSON.stringify({ code, more: 1 }), JSON.stringify({ code: 7 })]) {
      expect(await exchange(body)).toEqual({ status: 400, cache: 'no-store', body: { error: shape } });
    }
    expect(await exchange(JSON.stringify({ code: 'x'.repeat(2000) }))).toEqual({
      status: 413,
      cache: 'no-store',
      body: { error: 'A sign-in request holds at most 1024 bytes.' },
    });
    // None of these used the code up.
    expect(await exchange(JSON.stringify({ code }))).toMatchObject({ status: 200, body: { token } });
  });

  it('leaves every other request that is not a GET needing the token', async () => {
    const response = await fetch(`${origin}/sign-in-code/other`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
  });
});
