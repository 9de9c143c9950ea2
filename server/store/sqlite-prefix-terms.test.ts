import { describe, expect, it } from 'vitest';
import { lastAsciiToken } from './sqlite-prefix-terms';

describe('the last token of a word, as FTS5 unicode61 makes it', () => {
  it('is the last run of ASCII letters and digits, lower-cased, with where it starts', () => {
    expect(lastAsciiToken('Deploy')).toEqual({ start: 0, token: 'deploy' });
    expect(lastAsciiToken('foo-Ba')).toEqual({ start: 4, token: 'ba' });
    expect(lastAsciiToken('file.ts!')).toEqual({ start: 5, token: 'ts' });
    expect(lastAsciiToken('snake_case2')).toEqual({ start: 6, token: 'case2' });
  });

  it('is left to FTS5 for a word beyond ASCII or without a letter or digit', () => {
    expect(lastAsciiToken('résu')).toBeUndefined();
    expect(lastAsciiToken('日本')).toBeUndefined();
    expect(lastAsciiToken('--')).toBeUndefined();
  });
});
