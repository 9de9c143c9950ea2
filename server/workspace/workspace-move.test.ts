import { mkdir, mkdtemp, readFile, realpath, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Workspace } from './workspace';

let base: string;
let root: string;
let workspace: Workspace;

beforeEach(async () => {
  base = await realpath(await mkdtemp(path.join(tmpdir(), 'baton-move-')));
  root = path.join(base, 'ws');
  await mkdir(path.join(root, 'src', 'nested'), { recursive: true });
  await mkdir(path.join(root, '.baton'));
  await writeFile(path.join(root, 'a.txt'), 'A\n');
  await writeFile(path.join(root, 'b.txt'), 'B\n');
  await writeFile(path.join(root, 'src', 'index.ts'), 'export {};\n');
  await writeFile(path.join(root, '.baton', 'config.json'), '{}');
  await writeFile(path.join(base, 'outside.txt'), 'secret\n');
  workspace = new Workspace(root, { protectedFolders: [path.join(root, '.baton')] });
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

const exists = (relative: string) =>
  stat(path.join(root, relative)).then(
    () => true,
    () => false,
  );

describe('Workspace.move', () => {
  it('renames a file, creating missing folders, and reports both paths', async () => {
    const plan = await workspace.move('a.txt', 'docs/renamed.txt');
    expect(plan).toMatchObject({ fromPath: 'a.txt', toPath: 'docs/renamed.txt', isDirectory: false, replaces: false });
    expect(await readFile(path.join(root, 'docs', 'renamed.txt'), 'utf8')).toBe('A\n');
    expect(await exists('a.txt')).toBe(false);
  });

  it('moves a folder, but never into itself', async () => {
    await expect(workspace.move('src', 'src/nested/src')).rejects.toMatchObject({ code: 'invalid-path' });
    await workspace.move('src', 'lib');
    expect(await exists('lib/index.ts')).toBe(true);
  });

  it('refuses to replace a file unless asked, and never replaces a folder', async () => {
    await expect(workspace.move('a.txt', 'b.txt')).rejects.toMatchObject({
      code: 'already-exists',
      message: expect.stringContaining('b.txt already exists'),
    });
    expect(await readFile(path.join(root, 'b.txt'), 'utf8')).toBe('B\n');
    await expect(workspace.move('a.txt', 'src', { overwrite: true })).rejects.toMatchObject({ code: 'already-exists' });
    expect((await workspace.move('a.txt', 'b.txt', { overwrite: true })).replaces).toBe(true);
    expect(await readFile(path.join(root, 'b.txt'), 'utf8')).toBe('A\n');
  });

  it('keeps both ends inside the workspace, symlinks included', async () => {
    await expect(workspace.move('a.txt', '../stolen.txt')).rejects.toMatchObject({ code: 'outside-workspace' });
    await expect(workspace.move('../outside.txt', 'in.txt')).rejects.toMatchObject({ code: 'outside-workspace' });
    await symlink(base, path.join(root, 'escape'));
    await expect(workspace.move('a.txt', 'escape/a.txt')).rejects.toMatchObject({ code: 'outside-workspace' });
    await symlink(path.join(root, 'b.txt'), path.join(root, 'link.txt'));
    await expect(workspace.move('link.txt', 'moved-link.txt')).rejects.toMatchObject({ code: 'symbolic-link' });
    await expect(workspace.move('.', 'elsewhere')).rejects.toMatchObject({ code: 'invalid-path' });
    expect(await exists('a.txt')).toBe(true);
  });

  it('refuses missing sources with a clear error', async () => {
    await expect(workspace.move('missing.txt', 'x.txt')).rejects.toMatchObject({
      code: 'not-found',
      message: 'missing.txt does not exist.',
    });
  });
});

describe('protected folders', () => {
  it('refuse writes and moves in or out of them, and moves of what contains them', async () => {
    await expect(workspace.writeTextFile('.baton/config.json', '{"toolApproval":[]}')).rejects.toMatchObject({
      code: 'protected-path',
    });
    await expect(workspace.move('a.txt', '.baton/a.txt')).rejects.toMatchObject({ code: 'protected-path' });
    await expect(workspace.move('.baton/config.json', 'config.json')).rejects.toMatchObject({ code: 'protected-path' });
    const nested = new Workspace(root, { protectedFolders: [path.join(root, 'src', 'nested')] });
    await expect(nested.move('src', 'lib')).rejects.toMatchObject({ code: 'protected-path' });
    expect(await readFile(path.join(root, '.baton', 'config.json'), 'utf8')).toBe('{}');
  });

  it('are refused by assertWritable before any change is planned', async () => {
    await expect(workspace.assertWritable('.baton/new.json')).rejects.toMatchObject({ code: 'protected-path' });
    await expect(workspace.assertWritable('../x')).rejects.toMatchObject({ code: 'outside-workspace' });
    await expect(workspace.assertWritable('docs/new.md')).resolves.toBeUndefined();
  });

  it('are closed to reads, listings and searches too, under any name that reaches them', async () => {
    await symlink(path.join(root, '.baton', 'config.json'), path.join(root, 'config-link.json'));
    for (const name of ['.baton/config.json', 'src/../.baton/config.json', 'config-link.json']) {
      await expect(workspace.readTextFile(name), name).rejects.toMatchObject({
        code: 'protected-path',
        message: `${name} is in Baton's own data folder, which agents may neither read nor change.`,
      });
    }
    await expect(workspace.listFolder('.baton')).rejects.toMatchObject({ code: 'protected-path' });
    await expect(workspace.stat('.baton/config.json')).rejects.toMatchObject({ code: 'protected-path' });
    // A data folder under another name than the ignored `.baton` is still left out of every search.
    expect((await workspace.globSearch('**/*.json')).matches).toEqual([]);
    await symlink(path.join(root, 'src', 'index.ts'), path.join(root, 'index-link.ts'));
    const elsewhere = new Workspace(root, { protectedFolders: [path.join(root, 'src')] });
    expect((await elsewhere.globSearch('**/*')).matches).toEqual(['a.txt', 'b.txt', 'config-link.json']);
    await expect(elsewhere.globSearch('src/*')).rejects.toMatchObject({ code: 'protected-path' });
  });
});

describe('Workspace.listFolder', () => {
  it('lists entries by name with their type, links reported as links', async () => {
    await symlink(path.join(base, 'outside.txt'), path.join(root, 'out-link'));
    expect(await workspace.listFolder('.')).toEqual([
      { name: '.baton', type: 'folder', protected: true },
      { name: 'a.txt', type: 'file' },
      { name: 'b.txt', type: 'file' },
      { name: 'out-link', type: 'symlink' },
      { name: 'src', type: 'folder' },
    ]);
  });

  it('refuses files, missing folders and paths outside', async () => {
    await expect(workspace.listFolder('a.txt')).rejects.toMatchObject({ code: 'not-a-folder' });
    await expect(workspace.listFolder('none')).rejects.toMatchObject({ code: 'not-found' });
    await expect(workspace.listFolder('..')).rejects.toMatchObject({ code: 'outside-workspace' });
  });
});
