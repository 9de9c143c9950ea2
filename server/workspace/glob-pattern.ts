/**
 * A small glob, enough for the file panel and the agent: `*` (within one path segment), `**`
 * (any number of segments), `?` (one character), `{a,b}` (alternatives, may nest). Everything
 * else is literal. Patterns are workspace-relative with `/`; `*` also matches dotfiles, because a
 * workspace search should find `.env.example` (ignored folders are skipped by the walker instead).
 */
import { WorkspaceError } from './workspace-error';

export interface CompiledGlob {
  regex: RegExp;
  /** Leading segments without glob characters: the walker starts there instead of at the root. */
  staticPrefix: string[];
  /** How many segments deep a match can be; Infinity when `**` (or a `/` inside braces) is used. */
  maxDepth: number;
}

const GLOB_CHARACTERS = /[*?{}]/;

/** Longer patterns are no search a person means; they could only make a regular expression too large to build. */
export const MAX_GLOB_PATTERN_LENGTH = 1024;

export interface GlobOptions {
  /** `readme*` also matches `README.md` (the file panel's quick-open). */
  ignoreCase?: boolean;
}

export function compileGlob(pattern: string, { ignoreCase = false }: GlobOptions = {}): CompiledGlob {
  if (pattern.length > MAX_GLOB_PATTERN_LENGTH) {
    throw new WorkspaceError(
      'invalid-pattern',
      `The pattern is ${pattern.length} characters long; patterns are limited to ${MAX_GLOB_PATTERN_LENGTH}.`,
    );
  }
  const normalized = pattern.replace(/\\/g, '/').replace(/^\.\//, '');
  const segments = normalized.split('/');
  if (normalized.startsWith('/') || segments.includes('..')) {
    throw new WorkspaceError(
      'invalid-pattern',
      `The pattern ${pattern} must be relative to the workspace and stay inside it.`,
    );
  }
  const source = translate(normalized);
  const staticPrefix: string[] = [];
  for (const segment of segments.slice(0, -1)) {
    if (GLOB_CHARACTERS.test(segment) || segment === '' || segment === '.') break;
    staticPrefix.push(segment);
  }
  const crossesSegments = normalized.includes('**') || /\{[^}]*\//.test(normalized);
  return {
    regex: buildRegex(source, pattern, ignoreCase),
    staticPrefix,
    maxDepth: crossesSegments ? Infinity : segments.length,
  };
}

function buildRegex(source: string, pattern: string, ignoreCase: boolean): RegExp {
  try {
    return new RegExp(`^${source}$`, ignoreCase ? 'i' : '');
  } catch (error) {
    // The translation escapes everything else, so only sheer size or nesting can fail here.
    throw new WorkspaceError('invalid-pattern', `The pattern ${pattern.slice(0, 60)} is too complex to search with.`, { cause: error });
  }
}

function translate(pattern: string): string {
  let source = '';
  let braceDepth = 0;
  for (let index = 0; index < pattern.length; index += 1) {
    const character = pattern[index] as string;
    if (character === '*') {
      const isDouble = pattern[index + 1] === '*';
      const startsSegment = index === 0 || pattern[index - 1] === '/';
      const endsSegment = index + 2 >= pattern.length || pattern[index + 2] === '/';
      if (isDouble && startsSegment && endsSegment) {
        if (pattern[index + 2] === '/') {
          // `**/` matches zero or more whole folders, so `**/*.ts` also matches `a.ts`.
          source += '(?:[^/]+/)*';
          index += 2;
        } else {
          source += '.*';
          index += 1;
        }
      } else {
        // A `**` inside a segment (`a**b`) means the same as `*`.
        while (pattern[index + 1] === '*') index += 1;
        source += '[^/]*';
      }
    } else if (character === '?') {
      source += '[^/]';
    } else if (character === '{') {
      braceDepth += 1;
      source += '(?:';
    } else if (character === '}' && braceDepth > 0) {
      braceDepth -= 1;
      source += ')';
    } else if (character === ',' && braceDepth > 0) {
      source += '|';
    } else {
      source += escapeRegex(character);
    }
  }
  if (braceDepth > 0) {
    throw new WorkspaceError('invalid-pattern', `The pattern ${pattern} has an unclosed "{".`);
  }
  return source;
}

function escapeRegex(character: string): string {
  return /[.+^$()|[\]\\{}]/.test(character) ? `\\${character}` : character;
}
