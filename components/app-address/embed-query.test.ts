import { describe, expect, it } from 'vitest';
import { embedRequested, keptQuery } from './embed-query';

describe('embedRequested', () => {
  it('reads embed=0 and embed=false as no', () => {
    expect(embedRequested('?embed=0')).toBe(false);
    expect(embedRequested('?embed=false')).toBe(false);
    expect(embedRequested('?embed')).toBe(true);
  });
});

describe('keptQuery', () => {
  it('keeps only the embed parameter', () => {
    expect(keptQuery('?embed=1&token=secret')).toBe('?embed=1');
    expect(keptQuery('?token=secret')).toBe('');
    expect(keptQuery('')).toBe('');
  });
});
