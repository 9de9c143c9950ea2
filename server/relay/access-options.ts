/**
 * The access settings a user chooses at launch, checked before anything listens: where the relay
 * listens, which other origins may embed and talk to it, and which frames may show it. A setting
 * that would open the relay wider than the user said is refused with a message saying what to do.
 */
import { isIP } from 'node:net';
import { DEFAULT_FRAME_ANCESTORS } from './security-headers';

/** The shortest token a user may set for a relay reachable from other machines (about 190 bits in base64url). */
export const MIN_REMOTE_TOKEN_LENGTH = 32;

export type AccessSettingError = 'remote-needs-flag' | 'remote-needs-token' | 'bad-trusted-origin' | 'bad-frame-ancestors';

export class AccessSettingsError extends Error {
  constructor(
    readonly code: AccessSettingError,
    message: string,
  ) {
    super(message);
    this.name = 'AccessSettingsError';
  }
}

export interface ListenRequest {
  host: string;
  /** The user passed `--allow-remote`. */
  allowRemote: boolean;
  /** The token the user set (`BATON_TOKEN`), if any. */
  userToken: string | undefined;
}

export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare === '::1') return true;
  return isIP(bare) === 4 && bare.startsWith('127.');
}

/** Throws unless the address is loopback, or the user asked for remote access and set a long token. */
export function checkListenAddress(request: ListenRequest): void {
  if (isLoopbackHost(request.host)) return;
  if (!request.allowRemote) {
    throw new AccessSettingsError(
      'remote-needs-flag',
      `Refusing to listen on ${request.host}: other machines could reach the agent. ` +
        'Pass --allow-remote to mean it, and set BATON_TOKEN (see "Security" in the README).',
    );
  }
  if (!request.userToken || request.userToken.length < MIN_REMOTE_TOKEN_LENGTH) {
    throw new AccessSettingsError(
      'remote-needs-token',
      `Refusing to listen on ${request.host}: --allow-remote needs a token you set in BATON_TOKEN, ` +
        `at least ${MIN_REMOTE_TOKEN_LENGTH} characters long (for example: openssl rand -base64 32).`,
    );
  }
}

/** Origins from `--trusted-origin` and `BATON_TRUSTED_ORIGINS` (comma-separated), each an exact http(s) origin. */
export function parseTrustedOrigins(values: readonly string[]): string[] {
  const origins = values
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter(Boolean);
  return origins.map((value) => {
    let url: URL | undefined;
    try {
      url = new URL(value);
    } catch {
      url = undefined;
    }
    const web = url?.protocol === 'http:' || url?.protocol === 'https:';
    const bare = url?.pathname === '/' && !url.search && !url.hash && !url.username;
    if (!url || !web || !bare) {
      throw new AccessSettingsError(
        'bad-trusted-origin',
        `A trusted origin is a scheme, a host and a port, like https://code.example:8443 (not ${JSON.stringify(value)}).`,
      );
    }
    return url.origin;
  });
}

/**
 * The CSP `frame-ancestors` list from `--frame-ancestors` or `BATON_FRAME_ANCESTORS`: sources
 * separated by spaces. Refused when it could end the directive and start another.
 */
export function parseFrameAncestors(value: string | undefined): string {
  const trimmed = value?.trim();
  if (!trimmed) return DEFAULT_FRAME_ANCESTORS;
  if (!/^[\w \t'*:/.\-[\]]+$/.test(trimmed)) {
    throw new AccessSettingsError(
      'bad-frame-ancestors',
      `--frame-ancestors takes CSP sources separated by spaces, like "'self' https://code.example" (not ${JSON.stringify(value)}).`,
    );
  }
  return trimmed.split(/\s+/).join(' ');
}
