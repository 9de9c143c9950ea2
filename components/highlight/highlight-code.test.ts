import { describe, expect, it } from 'vitest';
import { highlightCode } from './highlight-code';

describe('highlightCode', () => {
  it('gives each token a colour for both themes, so a theme switch needs no new highlighting', async () => {
    const lines = await highlightCode('const fruit = "pear";\n// a comment', 'typescript');
    const tokens = lines!.flat();
    const pear = tokens.find((token) => token.content.includes('pear'));
    expect(pear?.color).toMatch(/^light-dark\(#[0-9a-f]{6}, #[0-9a-f]{6}\)$/i);
    const [, light, dark] = /light-dark\((#\w+), (#\w+)\)/.exec(pear!.color!)!;
    expect(light).not.toBe(dark);
    expect(lines!.map((line) => line.map((token) => token.content).join(''))).toEqual(['const fruit = "pear";', '// a comment']);
  });

  it('carries the grammar across chunks of lines', async () => {
    const code = ['/*', ...Array.from({ length: 150 }, () => 'still a comment'), '*/', 'const after = 1;'].join('\n');
    const lines = await highlightCode(code, 'typescript');
    const commentColor = lines![0]![0]!.color;
    expect(lines![140]![0]!.color).toBe(commentColor);
    expect(lines!.at(-1)!.find((token) => token.content === 'const')?.color).not.toBe(commentColor);
  });
});
