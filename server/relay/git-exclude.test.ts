/**
 * Baton's data folder in a git work tree stays out of `git status`, through the repository's
 * `info/exclude`; the user's `.gitignore` and folders that are no repository are left alone.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { excludeDataDirFromGit } from './git-exclude';
import { startTestRelay } from './testing/relay-support';

let folder: string;

beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'baton-git-exclude-'));
});

afterEach(() => rm(folder, { recursive: true, force: true }));

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.invalid', ...args], { cwd, encoding: 'utf8' });
}

async function startAndStop(workspaceRoot: string, dataDir = path.join(workspaceRoot, '.baton')): Promise<void> {
  const relay = await startTestRelay({ workspaceRoot, dataDir });
  await relay.relay.close();
}

it('keeps .baton out of git status in a fresh repository, adding the line once', async () => {
  const workspace = path.join(folder, 'project');
  await mkdir(workspace);
  git(workspace, 'init', '-q');
  await writeFile(path.join(workspace, 'README.md'), '# Project\n');

  await startAndStop(workspace);
  expect(existsSync(path.join(workspace, '.baton', 'baton.db'))).toBe(true);
  expect(git(workspace, 'status', '--porcelain')).toBe('?? README.md\n');
  expect(existsSync(path.join(workspace, '.gitignore'))).toBe(false);

  await startAndStop(workspace);
  const exclude = await readFile(path.join(workspace, '.git', 'info', 'exclude'), 'utf8');
  expect(exclude.split('\n').filter((line) => line === '/.baton/')).toHaveLength(1);
});

it('finds the repository of a linked worktree through its .git file', async () => {
  const main = path.join(folder, 'main');
  await mkdir(main);
  git(main, 'init', '-q');
  await writeFile(path.join(main, 'README.md'), '# Project\n');
  git(main, 'add', 'README.md');
  git(main, 'commit', '-q', '-m', 'first');
  const linked = path.join(folder, 'linked');
  git(main, 'worktree', 'add', '-q', linked);

  await startAndStop(linked);
  expect(git(linked, 'status', '--porcelain')).toBe('');
  expect(await readFile(path.join(main, '.git', 'info', 'exclude'), 'utf8')).toContain('\n/.baton/\n');
});

it('names the data folder from the top of the work tree when the workspace is a subfolder', async () => {
  git(folder, 'init', '-q');
  const workspace = path.join(folder, 'packages', 'app');
  await mkdir(workspace, { recursive: true });
  const outcome = await excludeDataDirFromGit(workspace, path.join(workspace, '.baton'));
  expect(outcome).toMatchObject({ kind: 'added', pattern: '/packages/app/.baton/' });
});

it('leaves a folder that is no repository, and a data folder outside the workspace, alone', async () => {
  const workspace = path.join(folder, 'plain');
  await mkdir(workspace);
  await startAndStop(workspace);
  expect((await readdir(workspace)).sort()).toEqual(['.baton']);

  git(folder, 'init', '-q');
  const outside = await excludeDataDirFromGit(workspace, path.join(folder, 'elsewhere'));
  expect(outside).toEqual({ kind: 'outside-the-workspace' });
  expect(await readFile(path.join(folder, '.git', 'info', 'exclude'), 'utf8')).not.toContain('elsewhere');
});

it('does not write where a .git file points at something that is no git directory', async () => {
  const workspace = path.join(folder, 'hostile');
  const target = path.join(folder, 'target');
  await mkdir(workspace);
  await mkdir(target);
  await writeFile(path.join(workspace, '.git'), `gitdir: ${target}\n`);
  expect(await excludeDataDirFromGit(workspace, path.join(workspace, '.baton'))).toEqual({ kind: 'not-in-a-repository' });
  expect(await readdir(target)).toEqual([]);
});
