import { describe, expect, it } from 'vitest';
import { contextLabel, withLinesRange } from './context-label';

describe('context labels', () => {
  it('names each kind of context as a user would', () => {
    expect(contextLabel({ type: 'file', path: 'src/a.ts', linesRange: { start: 3, end: 9 } })).toBe('src/a.ts:3-9');
    expect(contextLabel({ type: 'directory', path: 'src' })).toBe('src/');
    expect(contextLabel({ type: 'repoMap' })).toBe('Repository map');
    expect(
      contextLabel({ type: 'cursor', path: 'a.ts', position: { start: { line: 4, character: 0 }, end: { line: 4, character: 0 } } }),
    ).toBe('a.ts:5');
    expect(
      contextLabel({
        type: 'mcpResource',
        uri: 'test://1',
        name: 'Resource 1',
        description: '',
        mimeType: 'text/plain',
        server: 'everything',
      }),
    ).toBe('Resource 1');
  });

  it('gives a typed line range to a file only', () => {
    const range = { start: 10, end: 20 };
    expect(withLinesRange({ type: 'file', path: 'a.ts' }, range)).toEqual({ type: 'file', path: 'a.ts', linesRange: range });
    expect(withLinesRange({ type: 'directory', path: 'src' }, range)).toEqual({ type: 'directory', path: 'src' });
    expect(withLinesRange({ type: 'file', path: 'a.ts' }, undefined)).toEqual({ type: 'file', path: 'a.ts' });
  });
});
