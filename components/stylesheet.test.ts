/**
 * The global stylesheet's blocks are all closed. A rule left open (easily lost in a merge) does not
 * break the build: under CSS nesting every later rule becomes a descendant rule of it and silently
 * stops applying, e.g. the one-line thread facts grow to a screen's height and squeeze the chat.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Lines of the blocks still open at the end, or of a brace closing nothing. */
export function unbalancedBlocks(css: string): string[] {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  const withoutStrings = withoutComments.replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, (text) => ' '.repeat(text.length));
  const open: number[] = [];
  const problems: string[] = [];
  let line = 1;
  for (const char of withoutStrings) {
    if (char === '\n') line += 1;
    else if (char === '{') open.push(line);
    else if (char === '}' && open.pop() === undefined) problems.push(`line ${line}: closes no block`);
  }
  return [...problems, ...open.map((opened) => `line ${opened}: block never closed`)];
}

describe('global stylesheet', () => {
  it('closes every block it opens', () => {
    const css = readFileSync(path.join(__dirname, '..', 'app', 'globals.css'), 'utf8');
    expect(unbalancedBlocks(css)).toEqual([]);
  });

  it('finds a block left open and a stray closing brace', () => {
    expect(unbalancedBlocks('.a {\n  color: red;\n\n.b { color: blue; }\n')).toEqual(['line 1: block never closed']);
    expect(unbalancedBlocks('.a { content: "}"; }\n/* } */\n}')).toEqual(['line 3: closes no block']);
  });
});
