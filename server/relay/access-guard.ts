/**
 * Who may talk to the relay: a per-launch token, a Host allow-list (against DNS rebinding) and an
 * Origin check (against other web pages). Used for every HTTP request and every socket.io
 * handshake.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const TOKEN_COOKIE = 'baton_token';

export function generateToken(): string {
  // 256 bits; base64url so it travels in a URL and a cookie unchanged.
  return randomBytes(32).toString('base64url');
}

export interface AccessGuardOptions {
  token: string;
  /** Host names (without port) besides the loopback ones that requests may address. */
  allowedHosts?: readonly string[];
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

export class AccessGuard {
  private readonly tokenDigest: Buffer;
  private readonly allowedHosts: Set<string>;

  constructor(options: AccessGuardOptions) {
    this.tokenDigest = digest(options.token);
    this.allowedHosts = new Set([...LOOPBACK_HOSTS, ...(options.allowedHosts ?? [])].map((host) => host.toLowerCase()));
  }

  /** Constant-time: both sides are hashed first, so neither length nor content leaks by timing. */
  isValidToken(candidate: string | undefined | null): boolean {
    if (!candidate) return false;
    return timingSafeEqual(digest(candidate), this.tokenDigest);
  }

  isAllowedHost(hostHeader: string | undefined): boolean {
    if (!hostHeader) return false;
    return this.allowedHosts.has(hostName(hostHeader));
  }

  /** A browser's Origin must name an allowed host; requests from non-browsers carry none. */
  isAllowedOrigin(origin: string | undefined): boolean {
    if (origin === undefined) return true;
    try {
      const url = new URL(origin);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
      return this.allowedHosts.has(url.hostname.toLowerCase()) || this.allowedHosts.has(`[${url.hostname}]`);
    } catch {
      return false;
    }
  }

  /** The token a request carries in its cookie, if any. */
  tokenFromCookie(request: IncomingMessage): string | undefined {
    return readCookie(request.headers.cookie, TOKEN_COOKIE);
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function hostName(hostHeader: string): string {
  const lower = hostHeader.trim().toLowerCase();
  if (lower.startsWith('[')) return lower.slice(0, lower.indexOf(']') + 1);
  return lower.split(':')[0] ?? '';
}

export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}
