/**
 * Short pairing codes: what the main token's holder shows a phone (typed, or in a QR code's
 * address), exchanged once for a device credential (./device-registry.ts). A code is 8 characters
 * of a 31-letter alphabet (about 40 bits): short enough to type, so it lives a few minutes, works
 * once, and every pending code is dropped after a handful of wrong guesses, so guessing one over
 * the network is hopeless.
 */
import { createHash, randomInt } from 'node:crypto';
import type { DeviceScope } from '../../../lib/protocol/devices';
import { normalPairingCode, PAIRING_CODE_ALPHABET } from '../../../lib/protocol/devices';

export const PAIRING_CODE_MINUTES = 5;
/** Wrong codes tried before every pending code is dropped (the holder then makes a new one). */
export const MAX_WRONG_PAIRING_CODES = 10;

export interface PairingRequest {
  name: string;
  scope: DeviceScope;
}

export type PairingRedemption = { kind: 'redeemed'; request: PairingRequest } | { kind: 'expired' } | { kind: 'unknown' };

interface Pending extends PairingRequest {
  expiresAt: number;
}

export class PairingCodes {
  private readonly pending = new Map<string, Pending>();
  private wrongGuesses = 0;

  constructor(
    private readonly log: (message: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

  issue(request: PairingRequest): { code: string; expiresAt: number } {
    this.sweep();
    this.wrongGuesses = 0;
    let compact = '';
    for (let index = 0; index < 8; index++) compact += PAIRING_CODE_ALPHABET[randomInt(PAIRING_CODE_ALPHABET.length)];
    const expiresAt = this.now() + PAIRING_CODE_MINUTES * 60_000;
    this.pending.set(digest(compact), { ...request, expiresAt });
    return { code: `${compact.slice(0, 4)}-${compact.slice(4)}`, expiresAt };
  }

  /** Uses the code up, whatever the outcome. */
  redeem(typed: string): PairingRedemption {
    const compact = normalPairingCode(typed);
    const key = compact === undefined ? undefined : digest(compact);
    const found = key === undefined ? undefined : this.pending.get(key);
    if (key === undefined || found === undefined) {
      this.wrongGuesses += 1;
      if (this.wrongGuesses >= MAX_WRONG_PAIRING_CODES && this.pending.size > 0) {
        this.log(`${this.wrongGuesses} wrong pairing codes were tried: every pending pairing code is dropped; make a new one`);
        this.pending.clear();
        this.wrongGuesses = 0;
      }
      return { kind: 'unknown' };
    }
    this.pending.delete(key);
    if (this.now() >= found.expiresAt) return { kind: 'expired' };
    return { kind: 'redeemed', request: { name: found.name, scope: found.scope } };
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, { expiresAt }] of this.pending) if (now >= expiresAt + 10 * 60_000) this.pending.delete(key);
  }
}

/** Looked up by digest, so that how long a lookup takes says nothing about a code's characters. */
function digest(code: string): string {
  return createHash('sha256').update(code).digest('base64url');
}
