/**
 * The stylesheets (app/*.css and every component's CSS module) are written without CSS nesting. A
 * brace lost in a merge does not break a file for the browser: every rule after it silently becomes
 * a nested rule that matches nothing (the thread facts lost their one-line layout that way and the
 * chat shrank to a few pixels). So every style rule must sit at the top level or directly inside an
 * at-rule block such as @media. A module names colours by their tokens only (app/tokens.css), or
 * the dark theme would miss them, and the spaces of the spacing scale by theirs, so the scale is
 * changed in one place.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '../..');

function stylesheets(): string[] {
  const app = readdirSync(path.join(ROOT, 'app'))
    .filter((name) => name.endsWith('.css'))
    .map((name) => path.join('app', name));
  const modules = readdirSync(path.join(ROOT, 'components'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.module.css'))
    .map((name) => path.join('components', name));
  return [...app, ...modules];
}

function withoutComments(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, '');
}

/** The selectors of the rules nested inside another style rule, and whether every block closes. */
function misplacedRules(css: string): { nested: string[]; unclosed: number } {
  const open: string[] = [];
  const nested: string[] = [];
  let prelude = '';
  for (const char of withoutComments(css)) {
    if (char === '{') {
      const name = prelude.trim();
      const parent = open.at(-1);
      if (parent !== undefined && !parent.startsWith('@') && !name.startsWith('@')) nested.push(`${name} (inside ${parent})`);
      open.push(name);
      prelude = '';
    } else if (char === '}') {
      open.pop();
      prelude = '';
    } else if (char === ';') {
      prelude = '';
    } else {
      prelude += char;
    }
  }
  return { nested, unclosed: open.length };
}

/** Paddings, margins and gaps written in pixels that the spacing scale of app/tokens.css names (2, 4, 8, 12, 16, 24 px). */
function literalScaleSpaces(css: string): string[] {
  const declarations = withoutComments(css).match(/\b(?:padding|margin|gap|row-gap|column-gap)(?:-[a-z-]+)?\s*:[^;}]*/g) ?? [];
  return declarations.filter((declaration) => /(?<![-\w.])(?:2|4|8|12|16|24)px\b/.test(declaration));
}

/** Colours written out rather than named by a token: hex, rgb(), hsl() and the like. */
function literalColors(css: string): string[] {
  return withoutComments(css).match(/#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(/gi) ?? [];
}

describe('stylesheets', () => {
  const files = stylesheets();

  it('include the global sheet, the tokens and the component modules', () => {
    expect(files).toEqual(expect.arrayContaining(['app/globals.css', 'app/tokens.css', 'components/threads/threads.module.css']));
  });

  it.each(files)('%s has no style rule nested in another and closes every block', (file) => {
    expect(misplacedRules(readFileSync(path.join(ROOT, file), 'utf8'))).toEqual({ nested: [], unclosed: 0 });
  });

  it.each(files.filter((file) => file.endsWith('.module.css')))('%s uses colour tokens only', (file) => {
    expect(literalColors(readFileSync(path.join(ROOT, file), 'utf8'))).toEqual([]);
  });

  it.each(files.filter((file) => file.endsWith('.module.css')))('%s writes the spaces of the scale by their tokens', (file) => {
    expect(literalScaleSpaces(readFileSync(path.join(ROOT, file), 'utf8'))).toEqual([]);
  });

  it('finds a space of the scale written in pixels, and leaves one off the scale', () => {
    expect(literalScaleSpaces('.a { padding: 6px 12px; margin-top: -4px; gap: 10px; width: 8px; }')).toEqual(['padding: 6px 12px']);
  });

  it('finds the rules a lost brace swallows', () => {
    expect(misplacedRules('.a {\n  color: red;\n\n.b {\n  margin: 0;\n}\n')).toEqual({ nested: ['.b (inside .a)'], unclosed: 1 });
  });

  it('finds a colour written out', () => {
    expect(literalColors('.a { color: #fde7b0; box-shadow: 0 0 4px rgb(0 0 0 / 12%); background: var(--color-surface); }')).toEqual([
      '#fde7b0',
      'rgb(',
    ]);
  });
});
