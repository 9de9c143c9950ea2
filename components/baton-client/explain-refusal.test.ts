import { describe, expect, it } from 'vitest';
import { UNAUTHORIZED_MESSAGE } from '../../lib/protocol/baton-protocol';
import { explainRefusal, TOKEN_EXPIRED_MESSAGE, WRONG_ADDRESS_TOKEN_MESSAGE } from './explain-refusal';

describe('explainRefusal', () => {
  it('says to reopen the printed URL when the relay refuses the token, by where the token came from', () => {
    expect(explainRefusal(UNAUTHORIZED_MESSAGE, 'storage')).toBe(TOKEN_EXPIRED_MESSAGE);
    expect(explainRefusal(UNAUTHORIZED_MESSAGE, 'address')).toBe(WRONG_ADDRESS_TOKEN_MESSAGE);
  });

  it('keeps the socket’s reason for anything else (the relay is down, the network failed)', () => {
    expect(explainRefusal('websocket error', 'storage')).toBe('websocket error');
  });
});
