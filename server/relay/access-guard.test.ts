import { describe, expect, it } from 'vitest';
import { AccessGuard, generateToken, readCookie } from './access-guard';

describe('AccessGuard', () => {
  const token = generateToken();
  const guard = new AccessGuard({ token, allowedHosts: ['127.0.0.2'] });

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

  it('refuses origins of other sites and odd schemes', () => {
    expect(guard.isAllowedOrigin('http://127.0.0.1:4780')).toBe(true);
    expect(guard.isAllowedOrigin('http://localhost:3000')).toBe(true);
    expect(guard.isAllowedOrigin('http://[::1]:4780')).toBe(true);
    expect(guard.isAllowedOrigin('https://evil.example')).toBe(false);
    expect(guard.isAllowedOrigin('http://192.168.1.5:4780')).toBe(false);
    expect(guard.isAllowedOrigin('null')).toBe(false);
    expect(guard.isAllowedOrigin('file://127.0.0.1')).toBe(false);
  });

  it('reads a cookie among others', () => {
    expect(readCookie('a=1; baton_token=abc%3D; b=2', 'baton_token')).toBe('abc=');
    expect(readCookie('a=1', 'baton_token')).toBeUndefined();
  });
});
