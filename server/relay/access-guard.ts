/**
 * Who may talk to the relay: a token (BATON_TOKEN, or the data folder's token file), a Host allow-list (against DNS rebinding) and an
 * Origin check (against other web pages). Used for every HTTP request and every socket.io
 * handshake. The token never travels in a cookie: a cookie set by 127.0.0.1:PORT is sent to every
 * port of 127.0.0.1, so any other local server the browser visits would receive it, and a page
 * there could overwrite it. The page keeps it in its own origin's storage instead and presents it
 * in the socket.io handshake's `auth` payload; scripts present it as `Authorization: Bearer`.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export function generateToken(): string {
  // 256 bits; base64url so it travels in a URL unchanged.
  return randomBytes(32).toString('base64url');
}

export interface AccessGuardOptions {
  /** The token, or where to ask for the current one (a rotated token file); undefined refuses every token. */
  token: string | (() => string | undefined);
  /** Host names (without port) besides the loopback ones that requests may address. */
  allowedHosts?: readonly string[];
  /** Exact origins (`scheme://host[:port]`) of other pages allowed to talk to the relay: an embedding IDE. */
  trustedOrigins?: readonly string[];
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

export class AccessGuard {
  private readonly token: () => string | undefined;
  private readonly allowedHosts: Set<string>;
  private readonly trustedOrigins: Set<string>;

  constructor(options: AccessGuardOptions) {
    const { token } = options;
    this.token = typeof token === 'string' ? () => token : token;
    this.allowedHosts = new Set([...LOOPBACK_HOSTS, ...(options.allowedHosts ?? [])].map(bracketed));
    this.trustedOrigins = new Set((options.trustedOrigins ?? []).map((origin) => new URL(origin).origin));
  }

  /** Constant-time: both sides are hashed first, so neither length nor content leaks by timing. */
  isValidToken(candidate: string | undefined | null): boolean {
    const token = this.token();
    if (!candidate || token === undefined) return false;
    return timingSafeEqual(digest(candidate), digest(token));
  }

  isAllowedHost(hostHeader: string | undefined): boolean {
    if (!hostHeader) return false;
    return this.allowedHosts.has(hostName(hostHeader));
  }

  /**
   * A page may talk to the relay only from the relay's own origin (the Origin names the very
   * host and port the request was sent to, and that host is allowed) or from a trusted origin.
   * Any port of `localhost` is not enough: another local server's pages are another origin.
   */
  isAllowedOrigin(origin: string | undefined, hostHeader: string | undefined): boolean {
    if (!origin || origin === 'null') return false;
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    if (this.trustedOrigins.has(url.origin)) return true;
    return this.isAllowedHost(hostHeader) && url.host === normalizedHost(hostHeader ?? '', url.protocol);
  }

  /** The token a request presents in `Authorization: Bearer`, if any. */
  tokenFromRequest(request: IncomingMessage): string | undefined {
    return bearerToken(request.headers.authorization);
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function bracketed(host: string): string {
  const lower = host.toLowerCase();
  return lower.includes(':') && !lower.startsWith('[') ? `[${lower}]` : lower;
}

function hostName(hostHeader: string): string {
  const lower = hostHeader.trim().toLowerCase();
  if (lower.startsWith('[')) return lower.slice(0, lower.indexOf(']') + 1);
  return lower.split(':')[0] ?? '';
}

/** A Host header as `URL.host` writes it (lower case, default port dropped), to compare with an Origin's. */
function normalizedHost(hostHeader: string, protocol: string): string {
  try {
    return new URL(`${protocol}//${hostHeader.trim()}`).host;
  } catch {
    return '';
  }
}

function bearerToken(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header.trim()) : null;
  return match?.[1];
}
