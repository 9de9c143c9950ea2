/**
 * The checked write path of a rewind's restores, on real files, real symbolic links, a real FIFO
 * and socket, and a real git repository: what it writes, and everywhere it never writes.
 */
import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, realpath, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initRepository, MARKING_HOOK, snapshotFolder } from './testing/git-repository-support';
import { makeSpecialFiles } from './testing/special-files-support';
import { Workspace } from './workspace';

let base: string;
let root: string;
let workspace: Workspace;

beforeEach(async () => {
  base = await realpath(await mkdtemp(path.join(tmpdir(), 'baton-checked-write-')));
  root = path.join(base, 'ws');
  await mkdir(path.join(root, '.baton'), { recursive: true });
  await writeFile(path.join(root, '.baton', 'config.json'), '{"toolApproval":[]}\n');
  initRepository(root);
  workspace = new Workspace(root, { protectedFolders: [path.join(root, '.baton')] });
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

const bytes = (text: string) => Buffer.from(text, 'utf8');
const read = (relative: string) => readFile(path.join(root, relative), 'utf8');

/** Each refused change is refused the same way by the dry run, the write and the removal. */
async function expectRefused(relative: string, code: string, reason: string): Promise<void> {
  const refusal = { code, message: expect.stringContaining(reason) };
  await expect(workspace.checkRestore(relative, 'write')).rejects.toMatchObject(refusal);
  await expect(workspace.restoreFile(relative, bytes(MARKING_HOOK))).rejects.toMatchObject(refusal);
  await expect(workspace.removeRestoredFile(relative)).rejects.toMatchObject(refusal);
}

describe('a restore', () => {
  it('writes through a folder link that stays inside the workspace, and makes missing folders', async () => {
    await mkdir(path.join(root, 'real-docs'));
    await symlink('real-docs', path.join(root, 'docs'));
    await workspace.restoreFile('docs/a.txt', bytes('through the link\n'));
    await workspace.restoreFile('new/deep/b.txt', bytes('made\n'));
    expect(await read('real-docs/a.txt')).toBe('through the link\n');
    expect(await read('new/deep/b.txt')).toBe('made\n');
    await workspace.removeRestoredFile('docs/a.txt');
    expect(existsSync(path.join(root, 'real-docs/a.txt'))).toBe(false);
    // No temporary file is left behind.
    expect(await readdir(path.join(root, 'real-docs'))).toEqual([]);
  });

  it('never writes into .git: not through a folder link to .git/hooks at any depth, nor by naming it', async () => {
    const hooks = path.join(root, '.git', 'hooks');
    const before = await snapshotFolder(path.join(root, '.git'));
    await symlink(path.join('.git', 'hooks'), path.join(root, 'hooks'));
    await mkdir(path.join(root, 'src'));
    await symlink(path.join('..', '.git'), path.join(root, 'src', 'repo'));
    await symlink(hooks, path.join(root, 'src', 'hooks-absolute'));

    await expectRefused('hooks/pre-commit', 'git-folder', 'hooks is a symbolic link into .git, where a rewind never writes');
    await expectRefused('src/repo/hooks/pre-commit', 'git-folder', 'src/repo is a symbolic link into .git');
    await expectRefused('src/hooks-absolute/pre-commit', 'git-folder', 'src/hooks-absolute is a symbolic link into .git');
    await expectRefused('.git/hooks/pre-commit', 'git-folder', '.git/hooks/pre-commit is in .git');
    await expectRefused('.git/config', 'git-folder', 'is in .git');
    await expectRefused('vendor/lib/.git/config', 'git-folder', 'is in .git');
    await expectRefused('.GIT/config', 'git-folder', 'is in .git');
    expect(await snapshotFolder(path.join(root, '.git'))).toEqual(before);
    expect(existsSync(path.join(root, 'vendor'))).toBe(false);
  });

  it('never leaves the workspace, through a folder link or by its name', async () => {
    const outside = path.join(base, 'outside');
    await mkdir(outside);
    await writeFile(path.join(outside, 'a.txt'), 'not the workspace\n');
    await symlink(outside, path.join(root, 'sub'));
    await expectRefused('sub/a.txt', 'outside-workspace', 'sub is a symbolic link that leads outside the workspace');
    await expectRefused('../outside/a.txt', 'outside-workspace', 'is outside the workspace');
    await expectRefused(path.join(outside, 'a.txt'), 'outside-workspace', 'is outside the workspace');
    expect(await readFile(path.join(outside, 'a.txt'), 'utf8')).toBe('not the workspace\n');
    expect(await readdir(outside)).toEqual(['a.txt']);
  });

  it("never changes Baton's data folder, by its name or through a link to it", async () => {
    await symlink('.baton', path.join(root, 'settings'));
    await expectRefused('.baton/config.json', 'protected-path', ".baton is in Baton's own data folder");
    await expectRefused('settings/config.json', 'protected-path', "settings is a symbolic link into Baton's own data folder");
    await expectRefused('.baton', 'protected-path', "is Baton's own data folder");
    expect(await read('.baton/config.json')).toBe('{"toolApproval":[]}\n');
  });

  it('leaves a FIFO, a socket or a device at the path as it is, without opening it', async () => {
    const special = await makeSpecialFiles(root);
    try {
      for (const { name, kind } of special.files) {
        // A FIFO opened for writing would wait for a reader forever: this returns at once instead.
        await expectRefused(name, 'not-a-regular-file', `${name} is ${kind} now; a rewind replaces only regular files`);
        expect((await lstat(path.join(root, name))).isFile()).toBe(false);
      }
    } finally {
      await special.close();
    }
  });

  it('never writes through a link at the path itself, and removes a link as a link', async () => {
    await writeFile(path.join(root, 'target.txt'), 'target\n');
    await symlink('target.txt', path.join(root, 'link.txt'));
    await expect(workspace.restoreFile('link.txt', bytes('restored\n'))).rejects.toMatchObject({
      code: 'symbolic-link',
      message: 'link.txt is a symbolic link now; a rewind replaces only regular files, so it was left as it is.',
    });
    await workspace.removeRestoredFile('link.txt');
    expect(existsSync(path.join(root, 'link.txt'))).toBe(false);
    expect(await read('target.txt')).toBe('target\n');
    await mkdir(path.join(root, 'folder'));
    await expect(workspace.removeRestoredFile('folder')).rejects.toMatchObject({ code: 'is-directory' });
  });

  it('makes no file executable: a new file gets the default bits, a replaced one keeps its own without set-user-ID', async () => {
    await workspace.restoreFile('new.sh', bytes('#!/bin/sh\n'));
    expect((await stat(path.join(root, 'new.sh'))).mode & 0o111).toBe(0);
    await writeFile(path.join(root, 'run.sh'), '#!/bin/sh\n');
    await chmod(path.join(root, 'run.sh'), 0o4755);
    await workspace.restoreFile('run.sh', bytes('#!/bin/sh\necho restored\n'));
    expect((await stat(path.join(root, 'run.sh'))).mode & 0o7777).toBe(0o755);
    expect(await read('run.sh')).toBe('#!/bin/sh\necho restored\n');
  });

  it('changes nothing on a dry run, missing folders included', async () => {
    await workspace.checkRestore('not/yet/there.txt', 'write');
    await workspace.removeRestoredFile('not/yet/there.txt');
    expect(existsSync(path.join(root, 'not'))).toBe(false);
  });
});
