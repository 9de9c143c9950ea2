/**
 * A folder opened for a restore stays the folder that was judged: a swap of it (or of a folder
 * above it) after it was opened cannot redirect a change, and one moved into `.git` meanwhile is
 * refused when it is judged again. Real folders, real links, real renames.
 */
import { mkdir, mkdtemp, readdir, readFile, realpath, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { type CheckedFolder, openCheckedFolder } from './checked-folder';
import { initRepository } from './testing/git-repository-support';

let base: string;
let root: string;
let folder: CheckedFolder | undefined;

beforeEach(async () => {
  base = await realpath(await mkdtemp(path.join(tmpdir(), 'baton-checked-folder-')));
  root = path.join(base, 'ws');
  await mkdir(path.join(root, 'src', 'lib'), { recursive: true });
  initRepository(root);
});

afterEach(async () => {
  await folder?.close();
  folder = undefined;
  await rm(base, { recursive: true, force: true });
});

const open = () => openCheckedFolder({ realRoot: root, protectedFolders: [path.join(root, '.baton')] }, ['src', 'lib'], { create: false });

it('keeps naming the opened folder when a folder above it is swapped for a link out of the workspace', async () => {
  folder = await open();
  const outside = path.join(base, 'outside');
  await mkdir(outside);
  await rename(path.join(root, 'src'), path.join(root, 'src-moved'));
  await symlink(outside, path.join(root, 'src'));

  await writeFile(folder!.entry('a.txt'), 'written by name inside the opened folder\n');
  expect(await readdir(outside)).toEqual([]);
  expect(await readFile(path.join(root, 'src-moved', 'lib', 'a.txt'), 'utf8')).toBe('written by name inside the opened folder\n');
  // Still inside the workspace, where it was moved to: judged again, it passes.
  await folder!.recheck();
  expect(folder!.realPath).toBe(path.join(root, 'src-moved', 'lib'));
});

it('refuses the opened folder when it is judged again after a move into .git', async () => {
  folder = await open();
  await rename(path.join(root, 'src', 'lib'), path.join(root, '.git', 'hooks', 'lib'));
  await expect(folder!.recheck()).rejects.toMatchObject({ code: 'git-folder', message: expect.stringContaining('src/lib is in .git') });
});

it('says a missing folder is missing without making it, unless asked to', async () => {
  const rules = { realRoot: root, protectedFolders: [] };
  expect(await openCheckedFolder(rules, ['docs', 'new'], { create: false })).toBeUndefined();
  expect(await readdir(root)).not.toContain('docs');
  folder = await openCheckedFolder(rules, ['docs', 'new'], { create: true });
  expect(folder?.realPath).toBe(path.join(root, 'docs', 'new'));
});
