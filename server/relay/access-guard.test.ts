import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { AccessGuard, generateToken } from './access-guard';

describe('AccessGuard', () => {
  const token = generateToken();
  const guard = new AccessGuard({ token, allowedHosts: ['127.0.0.2'], trustedOrigins: ['https://code.example:8443'] });

  it('makes tokens of at least 128 bits that differ per launch', () => {
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(generateToken()).not.toBe(token);
  });

  it('accepts only the exact token', () => {
    expect(guard.isValidToken(token)).toBe(true);
    expect(guard.isValidToken(`${token}x`)).toBe(false);
    expect(guard.isValidToken(token.slice(1))).toBe(false);
    expect(guard.isValidToken('')).toBe(false);
    expect(guard.isValidToken(undefined)).toBe(false);
  });

  it('allows loopback hosts and configured ones, with or without a port', () => {
    for (const host of ['127.0.0.1:4780', 'localhost', 'LOCALHOST:1', '[::1]:4780', '127.0.0.2:9']) {
      expect(guard.isAllowedHost(host)).toBe(true);
    }
    for (const host of ['evil.example', 'evil.example:4780', '127.0.0.1.evil.example', '', undefined]) {
      expect(guard.isAllowedHost(host)).toBe(false);
    }
  });

  it('allows the origin the request was sent to, and trusted origins', () => {
    expect(guard.isAllowedOrigin('http://127.0.0.1:4780', '127.0.0.1:4780')).toBe(true);
    expect(guard.isAllowedOrigin('http://localhost:3000', 'localhost:3000')).toBe(true);
    expect(guard.isAllowedOrigin('http://[::1]:4780', '[::1]:4780')).toBe(true);
    expect(guard.isAllowedOrigin('http://localhost', 'LOCALHOST:80')).toBe(true);
    expect(guard.isAllowedOrigin('https://code.example:8443', '127.0.0.1:4780')).toBe(true);
  });

  it('refuses missing, foreign, non-loopback and other-port origins', () => {
    expect(guard.isAllowedOrigin(undefined, '127.0.0.1:4780')).toBe(false);
    expect(guard.isAllowedOrigin('null', '127.0.0.1:4780')).toBe(false);
    expect(guard.isAllowedOrigin('https://evil.example', '127.0.0.1:4780')).toBe(false);
    // DNS rebinding: the page's own origin, sent to the relay under the attacker's name.
    expect(guard.isAllowedOrigin('http://evil.example:4780', 'evil.example:4780')).toBe(false);
    expect(guard.isAllowedOrigin('http://192.168.1.5:4780', '192.168.1.5:4780')).toBe(false);
    // Another local server's pages share the host but not the origin.
    expect(guard.isAllowedOrigin('http://localhost:3000', 'localhost:4780')).toBe(false);
    expect(guard.isAllowedOrigin('https://code.example', '127.0.0.1:4780')).toBe(false);
    expect(guard.isAllowedOrigin('file://127.0.0.1', '127.0.0.1')).toBe(false);
  });

  it('reads the token from a bearer header only, never from a cookie (which every local port receives)', () => {
    const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;
    expect(guard.tokenFromRequest(request({ cookie: `a=1; baton_token=${token}` }))).toBeUndefined();
    expect(guard.tokenFromRequest(request({ authorization: `Bearer ${token}` }))).toBe(token);
    expect(guard.tokenFromRequest(request({ authorization: `Basic ${token}` }))).toBeUndefined();
    expect(guard.tokenFromRequest(request({}))).toBeUndefined();
  });
});
