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
    expect(splitTokenFromAddress('http://127.0.0.1:4780/#token=')).toEqual({ token: undefined, address: '/' });
  });
});
