/**
 * A small glob, enough for the file panel and the agent: `*` (within one path segment), `**`
 * (any number of segments), `?` (one character), `{a,b}` (alternatives, may nest). Everything
 * else is literal. Patterns are workspace-relative with `/`; `*` also matches dotfiles, because a
 * workspace search should find `.env.example` (ignored folders are skipped by the walker instead).
 * Matching never backtracks (glob-matcher.ts): a pattern is as fast against any path as its length allows.
 */
import { compileGlobMatcher, type GlobMatcher } from './glob-matcher';
import { WorkspaceError } from './workspace-error';

export interface CompiledGlob {
  /** Whether a workspace-relative path (with `/`) matches, in time linear in its length. */
  matches: GlobMatcher['matches'];
  /** Leading segments without glob characters: the walker starts there instead of at the root. */
  staticPrefix: string[];
  /** How many segments deep a match can be; Infinity when `**` (or a `/` inside braces) is used. */
  maxDepth: number;
}

const GLOB_CHARACTERS = /[*?{}]/;

/** Longer patterns are no search a person means; each pattern character costs every path a step. */
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
    throw new WorkspaceError('invalid-pattern', `The pattern ${pattern} must be relative to the workspace and stay inside it.`);
  }
  checkBraces(normalized);
  const staticPrefix: string[] = [];
  for (const segment of segments.slice(0, -1)) {
    if (GLOB_CHARACTERS.test(segment) || segment === '' || segment === '.') break;
    staticPrefix.push(segment);
  }
  const crossesSegments = normalized.includes('**') || /\{[^}]*\//.test(normalized);
  return {
    matches: compileGlobMatcher(normalized, { ignoreCase }).matches,
    staticPrefix,
    maxDepth: crossesSegments ? Infinity : segments.length,
  };
}

function checkBraces(pattern: string): void {
  let braceDepth = 0;
  for (const character of pattern) {
    if (character === '{') braceDepth += 1;
    else if (character === '}' && braceDepth > 0) braceDepth -= 1;
  }
  if (braceDepth > 0) {
    throw new WorkspaceError('invalid-pattern', `The pattern ${pattern} has an unclosed "{".`);
  }
}
