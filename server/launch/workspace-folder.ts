/**
 * Which folder the agent works on. `--workspace DIR` names it; without it, the folder Baton was
 * started in, which for `node bin/baton.mjs` in a fresh clone is Baton's own source folder (so it
 * is for `npm start`: npm runs a package's scripts in the package's root). The agent would then
 * work on Baton itself, so the relay says so, and the page asks which project the user meant
 * (components/app-shell/own-source-panel.tsx).
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the relay's log says on such a start, under the ready line. */
export const OWN_SOURCE_NOTE =
  "started in Baton's own source folder, so the agent works on Baton itself; to work on your project, start with node bin/baton.mjs --workspace ~/my-project";

export interface WorkspaceChoice {
  workspaceRoot: string;
  /** No `--workspace`, and the folder is a Baton source folder (isBatonSource). */
  startedInOwnSource: boolean;
}

export function chooseWorkspace(options: {
  workspaceFlag: string | undefined;
  cwd: string;
  dataDirFlag: string | undefined;
}): WorkspaceChoice {
  const workspaceRoot = path.resolve(options.cwd, options.workspaceFlag ?? '.');
  if (options.workspaceFlag !== undefined)
    checkWorkspaceFolder(workspaceRoot, options.dataDirFlag && path.resolve(options.cwd, options.dataDirFlag));
  return { workspaceRoot, startedInOwnSource: options.workspaceFlag === undefined && isBatonSource(workspaceRoot) };
}

/**
 * A Baton source folder: its package.json names the package `baton` with `bin/baton.mjs` as its
 * `baton` command, and that file is there. Asked of the folder's own files rather than compared
 * with where this Baton runs from, so another clone of Baton counts too.
 */
export function isBatonSource(folder: string): boolean {
  let manifest: unknown;
  try {
    manifest = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'));
  } catch {
    return false;
  }
  if (typeof manifest !== 'object' || manifest === null) return false;
  const { name, bin } = manifest as { name?: unknown; bin?: unknown };
  const command = typeof bin === 'object' && bin !== null ? (bin as Record<string, unknown>).baton : undefined;
  return name === 'baton' && command === 'bin/baton.mjs' && isFile(path.join(folder, 'bin', 'baton.mjs'));
}

/** `--workspace` must name an existing folder, not the file system's root, and not Baton's data folder. */
export function checkWorkspaceFolder(folder: string, dataDir?: string): void {
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(folder);
  } catch {
    throw new Error(`--workspace ${folder}: there is no such folder`);
  }
  if (!stats.isDirectory()) throw new Error(`--workspace ${folder}: that is a file, not a folder`);
  if (path.parse(folder).root === folder)
    throw new Error(`--workspace ${folder}: that is the whole file system; name your project's folder`);
  if (dataDir !== undefined && (folder === dataDir || folder.startsWith(`${dataDir}${path.sep}`))) {
    throw new Error(`--workspace ${folder}: that is inside Baton's data folder (--data-dir), which the agent may not touch`);
  }
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
