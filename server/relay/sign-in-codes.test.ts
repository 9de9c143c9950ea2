/** One-time sign-in codes: each works once, within its lifetime, on a clock the test moves. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SIGN_IN_CODE_SECONDS, parseSignInCodeSeconds, SignInCodes } from './sign-in-codes';

function clockedCodes(lifetimeMs: number) {
  let now = 1_000_000;
  const codes = new SignInCodes(lifetimeMs, () => now);
  return { codes, advance: (ms: number) => (now += ms) };
}

describe('SignInCodes', () => {
  it('gives a random code that works once', () => {
    const { codes } = clockedCodes(30_000);
    const code = codes.issue();
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(codes.issue()).not.toBe(code);
    expect(codes.redeem(code)).toBe('redeemed');
    expect(codes.redeem(code)).toBe('unknown');
  });

  it('refuses a code past its lifetime, and for good', () => {
    const { codes, advance } = clockedCodes(30_000);
    const code = codes.issue();
    advance(29_999);
    const other = codes.issue();
    advance(1);
    expect(codes.redeem(code)).toBe('expired');
    expect(codes.redeem(code)).toBe('unknown');
    expect(codes.redeem(other)).toBe('redeemed');
  });

  it('with a lifetime of 0, a code has expired as soon as it is made', () => {
    const { codes } = clockedCodes(0);
    expect(codes.redeem(codes.issue())).toBe('expired');
  });

  it('knows no code it did not make, and none after clear()', () => {
    const { codes } = clockedCodes(30_000);
    const code = codes.issue();
    expect(codes.redeem(`${code}x`)).toBe('unknown');
    codes.clear();
    expect(codes.redeem(code)).toBe('unknown');
  });
});

describe('BATON_SIGN_IN_CODE_SECONDS', () => {
  it('is 30 seconds unless set, and takes whole seconds up to 600', () => {
    expect(parseSignInCodeSeconds(undefined)).toBe(DEFAULT_SIGN_IN_CODE_SECONDS);
    expect(parseSignInCodeSeconds('')).toBe(30);
    expect(parseSignInCodeSeconds('0')).toBe(0);
    expect(parseSignInCodeSeconds(' 600 ')).toBe(600);
  });

  it('refuses anything else, saying what it takes', () => {
    for (const bad of ['-1', '1.5', '601', 'soon', '1e2']) {
      expect(() => parseSignInCodeSeconds(bad)).toThrow(
        `BATON_SIGN_IN_CODE_SECONDS takes whole seconds from 0 to 600 (not ${JSON.stringify(bad)}).`,
      );
    }
  });
});
