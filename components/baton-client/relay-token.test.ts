import { describe, expect, it } from 'vitest';
import { splitTokenFromAddress } from './relay-token';

describe('splitTokenFromAddress', () => {
  it('takes the token from the fragment the relay prints, leaving the rest of the address', () => {
    expect(splitTokenFromAddress('http://127.0.0.1:4780/#token=abc')).toEqual({ token: 'abc', address: '/' });
    expect(splitTokenFromAddress('http://127.0.0.1:4780/threads?view=1#token=abc&panel=files')).toEqual({
      token: 'abc',
      address: '/threads?view=1#panel=files',
    });
  });

  it('takes an older query token too, so that no address keeps a token', () => {
    expect(splitTokenFromAddress('http://127.0.0.1:4780/?token=abc&view=1')).toEqual({ token: 'abc', address: '/?view=1' });
  });

  it('finds nothing in an address without a token, and no token in an empty one', () => {
    expect(splitTokenFromAddress('http://127.0.0.1:4780/threads#panel=files')).toBeUndefined();
    expect(splitTokenFromAddress('http://127.0.0.1:4780/#token=')).toEqual({ address: '/' });
  });

  it("takes the one-time sign-in code of `--open`'s address, never from the query", () => {
    expect(splitTokenFromAddress('http://127.0.0.1:4780/t/abc#code=xyz&panel=files')).toEqual({
      code: 'xyz',
      address: '/t/abc#panel=files',
    });
    expect(splitTokenFromAddress('http://127.0.0.1:4780/?code=xyz')).toBeUndefined();
  });
});
