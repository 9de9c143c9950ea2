/**
 * Test support: a real git repository in a test's workspace, as a user's project has one, to show
 * that a change never lands in its `.git` and that the next `git commit` runs no hook planted there.
 */
import { execFileSync } from 'node:child_process';
import { lstat, readdir, readFile, readlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** The marker the hook scripts of the tests leave in the workspace when git runs them. */
export const HOOK_MARKER = 'hook-ran';
/** A script that, run as a hook, leaves HOOK_MARKER (git runs hooks in the work tree's top folder). */
export const MARKING_HOOK = `#!/bin/sh\ntouch ${HOOK_MARKER}\n`;

/** Neither the user's nor the system's git settings apply: the hooks are the repository's own. */
const GIT_ENVIRONMENT: Record<string, string> = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: os.tmpdir(),
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: os.devNull,
};

function git(root: string, args: readonly string[]): string {
  // Next.js's typings make NODE_ENV required on ProcessEnv; git needs no such thing.
  return execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', env: GIT_ENVIRONMENT as NodeJS.ProcessEnv });
}

/** `git init` in `root`: a `.git` folder with git's sample hooks. */
export function initRepository(root: string): void {
  git(root, ['init', '--quiet']);
}

/** Commits nothing, as a user's next commit would, running the repository's hooks. */
export function commitInRepository(root: string): void {
  git(root, ['-c', 'user.name=Test', '-c', 'user.email=test@localhost', 'commit', '--quiet', '--allow-empty', '-m', 'next commit']);
}

/** Every entry under `folder` with its bytes and mode bits, to show that nothing in it changed. */
export async function snapshotFolder(folder: string): Promise<Record<string, string>> {
  const entries: Record<string, string> = {};
  for (const name of await readdir(folder, { recursive: true })) {
    const full = path.join(folder, name);
    const stats = await lstat(full);
    if (stats.isSymbolicLink()) entries[name] = `-> ${await readlink(full)}`;
    else entries[name] = stats.isFile() ? `${(stats.mode & 0o7777).toString(8)} ${await readFile(full, 'utf8')}` : 'folder';
  }
  return entries;
}
