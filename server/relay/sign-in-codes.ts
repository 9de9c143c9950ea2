/**
 * One-time sign-in codes for `baton --open`. The opener (xdg-open, then the browser it starts)
 * holds its address in its command line, which every local user can read from /proc for as long
 * as the browser runs; so that address carries a code, not the token. A code is random (256
 * bits), works once, and only for a few seconds: by the time another user could try the one
 * they read, the browser has used it. The page exchanges it for the token
 * (./sign-in-exchange.ts).
 */
import { createHash, randomBytes } from 'node:crypto';

export const DEFAULT_SIGN_IN_CODE_SECONDS = 30;
/** A longer life would only widen the window in which a code read from /proc could be used first. */
const MAX_SIGN_IN_CODE_SECONDS = 600;
/** How long an expired code is remembered, so that the page can say it expired rather than that it is unknown. */
const REMEMBER_EXPIRED_MS = 10 * 60 * 1000;

export class SignInCodeSettingError extends Error {
  override readonly name = 'SignInCodeSettingError';
  readonly code = 'bad-sign-in-code-seconds';
}

/**
 * `BATON_SIGN_IN_CODE_SECONDS`: how long a code from `--open` works, whole seconds from 0 to 600
 * (0: it has expired as soon as it is made, which is what tests of an expired code use).
 */
export function parseSignInCodeSeconds(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_SIGN_IN_CODE_SECONDS;
  const seconds = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || seconds > MAX_SIGN_IN_CODE_SECONDS) {
    throw new SignInCodeSettingError(
      `BATON_SIGN_IN_CODE_SECONDS takes whole seconds from 0 to ${MAX_SIGN_IN_CODE_SECONDS} (not ${JSON.stringify(value)}).`,
    );
  }
  return seconds;
}

export type Redemption = 'redeemed' | 'expired' | 'unknown';

export class SignInCodes {
  /** Digests of the codes not yet used, with when each expires. */
  private readonly pending = new Map<string, number>();

  constructor(
    private readonly lifetimeMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  issue(): string {
    this.sweep();
    const code = randomBytes(32).toString('base64url');
    this.pending.set(digest(code), this.now() + this.lifetimeMs);
    return code;
  }

  /** Uses the code up, whatever the outcome: an expired code does not come back to life. */
  redeem(code: string): Redemption {
    const key = digest(code);
    const expiresAt = this.pending.get(key);
    if (expiresAt === undefined) return 'unknown';
    this.pending.delete(key);
    return this.now() < expiresAt ? 'redeemed' : 'expired';
  }

  /** Forgets every code: a new token makes what a code would have given worthless. */
  clear(): void {
    this.pending.clear();
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, expiresAt] of this.pending) if (now >= expiresAt + REMEMBER_EXPIRED_MS) this.pending.delete(key);
  }
}

/** Looked up by digest, so that how long a lookup takes says nothing about a code's characters. */
function digest(code: string): string {
  return createHash('sha256').update(code).digest('base64url');
}
