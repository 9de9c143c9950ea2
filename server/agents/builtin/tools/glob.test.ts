import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { globTool, MAX_GLOB_RESULTS } from './glob';
import { callTool, createTestWorkspace, type TestWorkspace } from './testing/tool-support';

let ws: TestWorkspace;

beforeEach(async () => {
  ws = await createTestWorkspace('baton-glob-');
  await ws.write('README.md', '');
  await ws.write('src/a.ts', '');
  await ws.write('src/deep/b.tsx', '');
  await ws.write('node_modules/pkg/index.ts', '');
});

afterEach(() => ws.remove());

describe('glob', () => {
  it('lists matching paths, sorted, skipping ignored folders', async () => {
    const { text, prepared } = await callTool(globTool, { pattern: '**/*.{ts,tsx}' }, ws.context);
    expect(prepared.summary).toBe('Finding **/*.{ts,tsx}');
    expect(text).toBe('src/a.ts\nsrc/deep/b.tsx');
    expect((await callTool(globTool, { pattern: '*.json' }, ws.context)).text).toBe('No files match *.json.');
  });

  it('does not follow links out of the workspace, and refuses patterns that leave it', async () => {
    await ws.write('../outside/leak.ts', '');
    await symlink(path.join(ws.base, 'outside'), path.join(ws.root, 'escape'));
    expect((await callTool(globTool, { pattern: '**/leak.ts' }, ws.context)).text).toBe('No files match **/leak.ts.');
    expect(await callTool(globTool, { pattern: '../**' }, ws.context)).toMatchObject({ failed: true });
    expect(await callTool(globTool, { pattern: 'escape/*.ts' }, ws.context)).toMatchObject({
      failed: true,
      text: expect.stringContaining('outside the workspace'),
    });
  });

  it('caps the list with a note', async () => {
    await Promise.all(Array.from({ length: MAX_GLOB_RESULTS + 2 }, (_, index) => ws.write(`many/${index}.txt`, '')));
    const lines = (await callTool(globTool, { pattern: 'many/*' }, ws.context)).text.split('\n');
    expect(lines).toHaveLength(MAX_GLOB_RESULTS + 1);
    expect(lines.at(-1)).toBe(`(Showing ${MAX_GLOB_RESULTS} of ${MAX_GLOB_RESULTS + 2} matches; use a narrower pattern.)`);
  });
});
