import { describe, expect, it } from 'vitest';
import { CappedOutput } from './capped-output';

describe('CappedOutput', () => {
  it('keeps everything below the cap', () => {
    const output = new CappedOutput(20);
    output.append('hello ');
    output.append('world');
    expect(output.text()).toBe('hello world');
    expect(output.omittedCharacters).toBe(0);
  });

  it('keeps the first quarter and the last three quarters, saying how much is left out', () => {
    const output = new CappedOutput(8);
    for (const character of 'abcdefghijklmnopqrstuvwxyz') output.append(character);
    expect(output.omittedCharacters).toBe(18);
    expect(output.text()).toBe('ab\n[… 18 characters of output left out …]\nuvwxyz');
  });

  it('is exact at the boundary', () => {
    const output = new CappedOutput(8);
    output.append('12345678');
    expect(output.text()).toBe('12345678');
    output.append('9');
    expect(output.text()).toBe('12\n[… 1 character of output left out …]\n456789');
  });
});
