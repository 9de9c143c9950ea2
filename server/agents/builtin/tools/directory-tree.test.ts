import { mkdir, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { directoryTreeTool, MAX_TREE_ENTRIES } from './directory-tree';
import { callTool, createTestWorkspace, type TestWorkspace } from './testing/tool-support';

let ws: TestWorkspace;

beforeEach(async () => {
  ws = await createTestWorkspace('baton-tree-');
  await ws.write('README.md', '# hi\n');
  await ws.write('src/index.ts', '');
  await ws.write('src/components/button.tsx', '');
  await ws.write('src/components/deep/er/file.ts', '');
  await ws.write('node_modules/pkg/index.js', '');
  await ws.write('.git/HEAD', '');
  await mkdir(path.join(ws.root, 'empty'));
});

afterEach(() => ws.remove());

describe('directory_tree', () => {
  it('lists the workspace to a depth, naming skipped folders and marking deeper levels', async () => {
    const { text, prepared } = await callTool(directoryTreeTool, { depth: 2 }, ws.context);
    expect(prepared.summary).toBe('Listing .');
    expect(text).toBe(
      ['./', '.git/ (not listed)', 'README.md', 'empty/', 'node_modules/ (not listed)', 'src/', '  components/ …', '  index.ts'].join('\n'),
    );
  });

  it('lists a sub-folder with the default depth', async () => {
    const { text } = await callTool(directoryTreeTool, { path: 'src/components' }, ws.context);
    expect(text).toBe(['src/components/', 'button.tsx', 'deep/', '  er/', '    file.ts'].join('\n'));
  });

  it('marks symbolic links without following them', async () => {
    await mkdir(path.join(ws.base, 'outside'));
    await symlink(path.join(ws.base, 'outside'), path.join(ws.root, 'src', 'escape'));
    const { text } = await callTool(directoryTreeTool, { path: 'src', depth: 1 }, ws.context);
    expect(text).toBe(['src/', 'components/ …', 'escape (symbolic link)', 'index.ts'].join('\n'));
  });

  it('refuses folders outside the workspace and files', async () => {
    await expect(callTool(directoryTreeTool, { path: '..' }, ws.context)).rejects.toMatchObject({
      code: 'outside-workspace',
    });
    const file = await callTool(directoryTreeTool, { path: 'README.md' }, ws.context);
    expect(file).toMatchObject({ failed: true, text: 'README.md is a file, not a folder.' });
    await expect(callTool(directoryTreeTool, { depth: 99 }, ws.context)).rejects.toThrow(/Invalid input for directory_tree: depth/);
  });

  it('stops at the entry cap and says so', async () => {
    await Promise.all(Array.from({ length: MAX_TREE_ENTRIES + 3 }, (_, index) => ws.write(`many/f${String(index).padStart(4, '0')}`, '')));
    const { text } = await callTool(directoryTreeTool, { path: 'many' }, ws.context);
    const lines = text.split('\n');
    expect(lines).toHaveLength(MAX_TREE_ENTRIES + 2);
    expect(lines.at(-1)).toMatch(/^\(Stopped at 500 entries/);
  });
});
