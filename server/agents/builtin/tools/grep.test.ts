import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { grepTool, MAX_GREP_LINE_LENGTH, MAX_GREP_MATCHES, searchFiles } from './grep';
import { callTool, createTestWorkspace, type TestWorkspace } from './testing/tool-support';

let ws: TestWorkspace;

beforeEach(async () => {
  ws = await createTestWorkspace('baton-grep-');
  await ws.write('README.md', 'Baton\nTODO: docs\n');
  await ws.write('src/a.ts', 'const a = 1;\n// TODO: tests\r\nexport { a };\n');
  await ws.write('src/deep/b.tsx', 'export const B = () => null; // todo later\n');
  await ws.write('image.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x54, 0x4f, 0x44, 0x4f]));
  await ws.write('node_modules/pkg/index.js', '// TODO: vendored\n');
});

afterEach(() => ws.remove());

describe('grep', () => {
  it('finds matching lines with path and line number, skipping binary files and ignored folders', async () => {
    const { text, failed } = await callTool(grepTool, { pattern: 'TODO' }, ws.context);
    expect(failed).toBe(false);
    expect(text.split('\n')).toEqual([
      'README.md:2: TODO: docs',
      'src/a.ts:2: // TODO: tests',
      '(1 binary or very large file was skipped.)',
    ]);
  });

  it('filters files by a glob, by name in any folder or by whole path', async () => {
    expect((await callTool(grepTool, { pattern: 'export', glob: '*.tsx' }, ws.context)).text).toBe(
      'src/deep/b.tsx:1: export const B = () => null; // todo later',
    );
    expect((await callTool(grepTool, { pattern: 'export', glob: 'src/*.ts' }, ws.context)).text).toBe('src/a.ts:3: export { a };');
  });

  it('can ignore case, and says when nothing matches', async () => {
    const { text } = await callTool(grepTool, { pattern: 'todo', case_insensitive: true, glob: 'src/**' }, ws.context);
    expect(text.split('\n')).toEqual(['src/a.ts:2: // TODO: tests', 'src/deep/b.tsx:1: export const B = () => null; // todo later']);
    expect((await callTool(grepTool, { pattern: 'nowhere', glob: '*.md' }, ws.context)).text).toBe('No matches in 1 files.');
  });

  it('caps matches and long lines, with a note', async () => {
    await ws.write('many.txt', `${'x'.repeat(MAX_GREP_LINE_LENGTH + 50)}\n`.repeat(MAX_GREP_MATCHES + 10));
    const { text } = await callTool(grepTool, { pattern: 'x', glob: 'many.txt' }, ws.context);
    const lines = text.split('\n');
    expect(lines).toHaveLength(MAX_GREP_MATCHES + 1);
    expect(lines[0]).toBe(`many.txt:1: ${'x'.repeat(MAX_GREP_LINE_LENGTH)}…`);
    expect(lines.at(-1)).toBe(`(Stopped at ${MAX_GREP_MATCHES} matches; narrow the pattern or the glob to see the rest.)`);
  });

  it('refuses an invalid regular expression and globs that leave the workspace', async () => {
    await expect(callTool(grepTool, { pattern: '(unclosed' }, ws.context)).rejects.toThrow(/^Invalid regular expression \(unclosed/);
    const outside = await callTool(grepTool, { pattern: 'x', glob: '../*' }, ws.context);
    expect(outside).toMatchObject({ failed: true, text: expect.stringContaining('stay inside') });
  });

  it('stops a pattern that backtracks catastrophically at its time limit, and says why', async () => {
    await ws.write(
      'src/code.ts',
      'export function computeTotal(items, taxRate) { return items.reduce((sum, item) => sum + item.price, 0) * taxRate; }\n',
    );
    const search = searchFiles(ws.context.workspace, /^(\S*\s?)*#$/, 'src/code.ts', new AbortController().signal, undefined, 300);
    await expect(search).rejects.toThrow(
      'The search was stopped after 0.3 s (in src/code.ts): the regular expression ^(\\S*\\s?)*#$ takes too long, probably because it backtracks catastrophically',
    );
  });
});
