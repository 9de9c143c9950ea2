import { describe, expect, it } from 'vitest';
import { findReadyLine, parseRelayUrl, ReadyLineError } from './ready-line';

describe('the ready line', () => {
  it('is found among other output once the whole line has arrived', () => {
    expect(findReadyLine('Baton ready: http://127.0.0.1:4781/#tok')).toBeUndefined();
    const address = findReadyLine('building…\nBaton ready: http://127.0.0.1:4781/#token=abc-DEF_123\n');
    expect(address).toEqual({ pageUrl: 'http://127.0.0.1:4781/', origin: 'http://127.0.0.1:4781', port: 4781, token: 'abc-DEF_123' });
  });

  it('keeps a base path and drops the token from the page address', () => {
    expect(parseRelayUrl('http://127.0.0.1:4781/baton/#token=t1')).toMatchObject({
      pageUrl: 'http://127.0.0.1:4781/baton/',
      token: 't1',
    });
  });

  it('must start the line: a quoted ready line in a log is not one', () => {
    expect(findReadyLine('note: Baton ready: http://127.0.0.1:1/#token=x\n')).toBeUndefined();
  });

  it('refuses a URL without a token, and one that is not http', () => {
    expect(() => parseRelayUrl('http://127.0.0.1:4781/')).toThrow(ReadyLineError);
    expect(() => parseRelayUrl('http://127.0.0.1:4781/')).toThrow('carries no #token');
    expect(() => parseRelayUrl('file:///tmp/x#token=a')).toThrow('http or https');
    expect(() => parseRelayUrl('not a url')).toThrow('Not a relay URL');
  });
});
