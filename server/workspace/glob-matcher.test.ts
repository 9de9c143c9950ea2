/**
 * The linear-time matcher against the regular expression each glob means, on small random
 * patterns and paths (where backtracking costs nothing), then on the worst cases for
 * backtracking, which it must answer as quickly as any other.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileGlobMatcher } from './glob-matcher';

/** The glob as a regular expression, by the rules glob-matcher.ts states. */
function meaning(pattern: string): RegExp {
  let source = '';
  let depth = 0;
  const characters = [...pattern];
  for (let index = 0; index < characters.length; index += 1) {
    const character = characters[index]!;
    if (character === '*') {
      const double = characters[index + 1] === '*';
      const starts = index === 0 || characters[index - 1] === '/';
      const ends = index + 2 >= characters.length || characters[index + 2] === '/';
      if (double && starts && ends && characters[index + 2] === '/') {
        source += '(?:[^/]+/)*';
        index += 2;
      } else if (double && starts && ends) {
        source += '.*';
        index += 1;
      } else {
        while (characters[index + 1] === '*') index += 1;
        source += '[^/]*';
      }
    } else if (character === '?') source += '[^/]';
    else if (character === '{') {
      depth += 1;
      source += '(?:';
    } else if (character === '}' && depth > 0) {
      depth -= 1;
      source += ')';
    } else if (character === ',' && depth > 0) source += '|';
    else source += character.replace(/[.+^$()|[\]\\{}*?]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'u');
}

const balanced = (pattern: string) =>
  [...pattern].reduce((depth, character) => (character === '{' ? depth + 1 : character === '}' && depth > 0 ? depth - 1 : depth), 0) === 0;

describe('compileGlobMatcher', () => {
  it('matches exactly what the glob means', () => {
    const pattern = fc.string({ unit: fc.constantFrom('a', 'b', '/', '*', '?', '{', '}', ',', '.'), maxLength: 12 }).filter(balanced);
    const path = fc.string({ unit: fc.constantFrom('a', 'b', '/', '.', 'é'), maxLength: 12 });
    fc.assert(
      fc.property(pattern, path, (glob, candidate) => {
        expect(compileGlobMatcher(glob).matches(candidate)).toBe(meaning(glob).test(candidate));
      }),
      { numRuns: 5_000 },
    );
  });

  it('answers the worst cases for a backtracking matcher', () => {
    const name = 'a'.repeat(48);
    expect(compileGlobMatcher(`${'*a'.repeat(500)}*b`).matches(name)).toBe(false);
    expect(compileGlobMatcher(`${'**/'.repeat(300)}b`).matches(`${'a/'.repeat(2000)}c`)).toBe(false);
    expect(compileGlobMatcher(`${'{a,a}'.repeat(200)}`).matches('a'.repeat(200))).toBe(true);
    expect(compileGlobMatcher(`${'{'.repeat(300)}a*${'}'.repeat(300)}`).matches(`a${'b'.repeat(4000)}`)).toBe(true);
  });
});
