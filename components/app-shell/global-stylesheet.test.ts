/**
 * app/globals.css is written without CSS nesting. A brace lost in a merge does not break the file
 * for the browser: every rule after it silently becomes a nested rule that matches nothing (the
 * thread facts lost their one-line layout that way and the chat shrank to a few pixels). So every
 * style rule must sit at the top level or directly inside an at-rule block such as @media.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const STYLESHEET = path.resolve(__dirname, '../../app/globals.css');

/** The selectors of the rules nested inside another style rule, and whether every block closes. */
function misplacedRules(css: string): { nested: string[]; unclosed: number } {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const open: string[] = [];
  const nested: string[] = [];
  let prelude = '';
  for (const char of text) {
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

describe('app/globals.css', () => {
  it('has no style rule nested in another and closes every block', () => {
    expect(misplacedRules(readFileSync(STYLESHEET, 'utf8'))).toEqual({ nested: [], unclosed: 0 });
  });

  it('finds the rules a lost brace swallows', () => {
    expect(misplacedRules('.a {\n  color: red;\n\n.b {\n  margin: 0;\n}\n')).toEqual({ nested: ['.b (inside .a)'], unclosed: 1 });
  });
});
