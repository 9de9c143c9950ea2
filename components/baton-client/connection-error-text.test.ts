import { describe, expect, it } from 'vitest';
import { connectionErrorText } from './connection-error-text';

describe('connectionErrorText', () => {
  it('says a network failure in words, not socket.io terms', () => {
    expect(connectionErrorText('websocket error')).toBe('the relay is unreachable; retrying');
    expect(connectionErrorText('xhr poll error')).toBe('the relay is unreachable; retrying');
  });

  it("keeps a refusal's own words", () => {
    expect(connectionErrorText('The token is wrong: open the address the relay printed.')).toBe(
      'The token is wrong: open the address the relay printed.',
    );
  });
});
