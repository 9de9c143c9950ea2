import { readFile, stat, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { moveFileTool } from './move-file';
import { callTool, createTestWorkspace, type TestWorkspace } from './testing/tool-support';

let ws: TestWorkspace;

beforeEach(async () => {
  ws = await createTestWorkspace('baton-move-tool-');
  await ws.write('notes.md', 'new\n');
  await ws.write('old.md', 'old\n');
});

afterEach(() => ws.remove());

const read = (relative: string) => readFile(path.join(ws.root, relative), 'utf8');

describe('move_file', () => {
  it('shows a rename diff before running, then moves', async () => {
    const prepared = await moveFileTool.prepare({ from: 'notes.md', to: 'docs/notes.md' }, ws.context);
    expect(prepared.summary).toBe('Moving notes.md to docs/notes.md');
    expect(prepared.details).toEqual({
      type: 'fileChange',
      path: 'docs/notes.md',
      diff: 'diff --git a/notes.md b/docs/notes.md\nrename from notes.md\nrename to docs/notes.md\n',
      linesAdded: 0,
      linesRemoved: 0,
    });
    expect(await read('notes.md')).toBe('new\n');
    const text = await prepared.execute({ signal: new AbortController().signal, reportOutput: () => undefined });
    expect(text).toBe('Moved notes.md to docs/notes.md.');
    expect(await read('docs/notes.md')).toBe('new\n');
  });

  it('refuses to overwrite unless asked, and shows what an overwrite loses', async () => {
    await expect(moveFileTool.prepare({ from: 'notes.md', to: 'old.md' }, ws.context)).rejects.toMatchObject({
      code: 'already-exists',
    });
    const { prepared, text } = await callTool(moveFileTool, { from: 'notes.md', to: 'old.md', overwrite: true }, ws.context);
    expect(prepared.details).toMatchObject({ linesAdded: 1, linesRemoved: 1 });
    expect(prepared.details?.diff).toContain('-old\n+new');
    expect(text).toBe('Moved notes.md to old.md, replacing the file that was there.');
    expect(await read('old.md')).toBe('new\n');
  });

  it('refuses either end outside the workspace, symlinks included', async () => {
    await expect(moveFileTool.prepare({ from: 'notes.md', to: '../notes.md' }, ws.context)).rejects.toMatchObject({
      code: 'outside-workspace',
    });
    await symlink(ws.base, path.join(ws.root, 'escape'));
    await expect(moveFileTool.prepare({ from: 'notes.md', to: 'escape/x.md' }, ws.context)).rejects.toMatchObject({
      code: 'outside-workspace',
    });
    await expect(stat(path.join(ws.base, 'x.md'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('fails at run time when the workspace changed after approval', async () => {
    const prepared = await moveFileTool.prepare({ from: 'notes.md', to: 'fresh.md' }, ws.context);
    await ws.write('fresh.md', 'appeared meanwhile\n');
    await expect(prepared.execute({ signal: new AbortController().signal, reportOutput: () => undefined })).rejects.toMatchObject({
      code: 'already-exists',
    });
    expect(await read('fresh.md')).toBe('appeared meanwhile\n');
  });
});
