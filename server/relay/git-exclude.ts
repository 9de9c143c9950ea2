/**
 * Keeps Baton's data folder out of the user's `git status`: when the data folder lies inside a
 * git work tree, its path is added once to that repository's `info/exclude`, the per-clone
 * ignore file that is never committed. The user's `.gitignore` is never touched.
 *
 * The repository is found as git finds it: the nearest `.git` above the data folder, a folder or
 * a file saying `gitdir: <path>` (a linked worktree or a submodule). A linked worktree's
 * `commondir` names the repository whose `info/exclude` git reads.
 */
import { appendFile, mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

export type GitExcludeOutcome =
  | { kind: 'added' | 'already-excluded'; excludeFile: string; pattern: string }
  | { kind: 'not-in-a-repository' | 'outside-the-workspace' };

/** A data folder elsewhere (`--data-dir`) is the user's own arrangement and is left alone. */
export async function excludeDataDirFromGit(workspaceRoot: string, dataDir: string): Promise<GitExcludeOutcome> {
  const inWorkspace = path.relative(path.resolve(workspaceRoot), path.resolve(dataDir));
  if (inWorkspace === '' || inWorkspace.startsWith('..') || path.isAbsolute(inWorkspace)) return { kind: 'outside-the-workspace' };
  const repository = await findRepository(path.dirname(path.resolve(dataDir)));
  if (repository === undefined) return { kind: 'not-in-a-repository' };
  // Anchored at the work tree's top, so that it names this folder and no other of that name.
  const pattern = `/${path.relative(repository.workTree, path.resolve(dataDir)).split(path.sep).join('/')}/`;
  const excludeFile = path.join(repository.commonDir, 'info', 'exclude');
  const existing = await readFile(excludeFile, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  if (existing.split(/\r?\n/).some((line) => line.trim() === pattern)) return { kind: 'already-excluded', excludeFile, pattern };
  await mkdir(path.dirname(excludeFile), { recursive: true });
  const separator = existing === '' || existing.endsWith('\n') ? '' : '\n';
  await appendFile(excludeFile, `${separator}# Baton's data folder (threads, config), kept out of git status\n${pattern}\n`);
  return { kind: 'added', excludeFile, pattern };
}

interface Repository {
  workTree: string;
  /** Where `info/exclude` lives: the git directory, or for a linked worktree the main one's. */
  commonDir: string;
}

async function findRepository(start: string): Promise<Repository | undefined> {
  for (let folder = start; ; folder = path.dirname(folder)) {
    const dotGit = path.join(folder, '.git');
    // No `.git` here (or none readable): the repository, if any, is further up.
    const info = await stat(dotGit).catch(() => undefined);
    if (info?.isDirectory()) return checkedRepository(folder, dotGit);
    if (info?.isFile()) {
      const match = /^gitdir:\s*(.+?)\s*$/m.exec(await readFile(dotGit, 'utf8'));
      return match?.[1] ? checkedRepository(folder, path.resolve(folder, match[1])) : undefined;
    }
    if (path.dirname(folder) === folder) return undefined;
  }
}

/** Only a folder that is a git directory (it has HEAD) is written to, whatever a `.git` file claims. */
async function checkedRepository(workTree: string, gitDir: string): Promise<Repository | undefined> {
  if (!(await isFile(path.join(gitDir, 'HEAD')))) return undefined;
  // No commondir file: an ordinary repository, whose own git directory holds info/exclude.
  const common = await readFile(path.join(gitDir, 'commondir'), 'utf8').catch(() => undefined);
  const commonDir = common === undefined ? gitDir : path.resolve(gitDir, common.trim());
  if (!(await isFile(path.join(commonDir, 'HEAD')))) return undefined;
  return { workTree, commonDir };
}

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => undefined))?.isFile() ?? false;
}
