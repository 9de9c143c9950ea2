import { describe, expect, it } from 'vitest';
import { compileGlob } from './glob-pattern';
import { WorkspaceError } from './workspace-error';

function matches(pattern: string, candidate: string): boolean {
  return compileGlob(pattern).matches(candidate);
}

describe('compileGlob', () => {
  it('matches * within one segment only', () => {
    expect(matches('*.md', 'README.md')).toBe(true);
    expect(matches('*.md', 'docs/guide.md')).toBe(false);
    expect(matches('src/*.ts', 'src/index.ts')).toBe(true);
    expect(matches('*', '.env')).toBe(true);
  });

  it('matches ** across any number of folders, including none', () => {
    expect(matches('**/*.ts', 'index.ts')).toBe(true);
    expect(matches('**/*.ts', 'src/deep/er/index.ts')).toBe(true);
    expect(matches('src/**', 'src/a/b.txt')).toBe(true);
    expect(matches('src/**/test.ts', 'src/test.ts')).toBe(true);
    expect(matches('src/**/test.ts', 'lib/test.ts')).toBe(false);
    expect(matches('**', 'anything/at/all')).toBe(true);
  });

  it('matches ? as exactly one character', () => {
    expect(matches('file?.txt', 'file1.txt')).toBe(true);
    expect(matches('file?.txt', 'file10.txt')).toBe(false);
    expect(matches('?', '/')).toBe(false);
  });

  it('matches {a,b} alternatives, nested and with globs inside', () => {
    expect(matches('*.{ts,tsx}', 'page.tsx')).toBe(true);
    expect(matches('*.{ts,tsx}', 'page.js')).toBe(false);
    expect(matches('{src,lib}/**/*.{md,t{s,xt}}', 'lib/a/notes.txt')).toBe(true);
    expect(matches('{src,lib}/**/*.{md,t{s,xt}}', 'app/notes.txt')).toBe(false);
  });

  it('treats regex characters literally', () => {
    expect(matches('a+b(1).txt', 'a+b(1).txt')).toBe(true);
    expect(matches('a.txt', 'abtxt')).toBe(false);
  });

  it('finds the static prefix and how deep a match can be', () => {
    expect(compileGlob('src/components/*.tsx')).toMatchObject({ staticPrefix: ['src', 'components'], maxDepth: 3 });
    expect(compileGlob('src/**/*.ts')).toMatchObject({ staticPrefix: ['src'], maxDepth: Infinity });
    expect(compileGlob('{a,b/c}/*.md').maxDepth).toBe(Infinity);
    expect(compileGlob('./README.md')).toMatchObject({ staticPrefix: [], maxDepth: 1 });
  });

  it('matches case-insensitively when asked, and ? as one character, emoji included', () => {
    expect(compileGlob('readme*', { ignoreCase: true }).matches('README.md')).toBe(true);
    expect(compileGlob('readme*').matches('README.md')).toBe(false);
    expect(matches('note-?.txt', 'note-🎉.txt')).toBe(true);
    expect(matches('{a}', 'a')).toBe(true);
    expect(matches('x{,y}z', 'xz')).toBe(true);
    expect(matches('a}b,c', 'a}b,c')).toBe(true);
  });

  it('answers patterns that made a backtracking matcher run for ever, rightly and at once', () => {
    const name = 'a'.repeat(48);
    // Each `*` multiplied a backtracking matcher's work by the name's length: 9 of them took 24 s.
    expect(matches(`${'*a'.repeat(40)}*b`, name)).toBe(false);
    expect(matches(`${'*a'.repeat(40)}*`, name)).toBe(true);
    expect(matches(`${'*a'.repeat(49)}*`, name)).toBe(false);
    expect(matches(`${'{a,a*}'.repeat(60)}b`, `${'a'.repeat(60)}`)).toBe(false);
    expect(matches(`${'**/'.repeat(100)}*b`, `${'a/'.repeat(60)}b`)).toBe(true);
    expect(matches(`${'**/'.repeat(100)}*b`, `${'a/'.repeat(60)}c`)).toBe(false);
    expect(matches(`${'{*,'.repeat(100)}a${'}'.repeat(100)}b`, `${'a'.repeat(1000)}c`)).toBe(false);
  });

  it('refuses patterns that leave the workspace or are malformed', () => {
    expect(() => compileGlob('/etc/*')).toThrow(WorkspaceError);
    expect(() => compileGlob('../*')).toThrow(/stay inside/);
    expect(() => compileGlob('src/{a,b')).toThrow(/unclosed/);
  });
});
