/**
 * What a sandboxed process must not see although it may read the rest of the machine: Baton's
 * data folder (database, config, checkpoints), the home folder's keys and logins, and sockets
 * that hand out more than the user approved (another session's agents, Docker's root-equivalent
 * API). Found afresh before each start, on resolved paths: a folder made since, or a symlink to
 * one, is hidden where it really is.
 */
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';

/** Relative to the home folder: credentials, keys, tokens, logins and shell histories. */
export const HIDDEN_HOME_ENTRIES = [
  '.ssh',
  '.gnupg',
  '.aws',
  '.azure',
  '.config',
  '.docker',
  '.kube',
  '.netrc',
  '.npmrc',
  '.yarnrc',
  '.pypirc',
  '.git-credentials',
  '.local/share/keyrings',
  '.password-store',
  '.pgpass',
  '.my.cnf',
  '.vault-token',
  '.cargo/credentials',
  '.cargo/credentials.toml',
  '.terraform.d',
  '.claude',
  '.claude.json',
  '.codex',
  '.gemini',
  '.mozilla',
  '.bash_history',
  '.zsh_history',
  '.python_history',
  '.node_repl_history',
] as const;

/** Per-user runtime folders (agent sockets, keyrings) and the Docker API socket. */
export const HIDDEN_SYSTEM_PATHS = ['/run/user', '/run/docker.sock', '/var/run/docker.sock'] as const;

export interface HiddenPath {
  /** Resolved: no symlink along it. */
  path: string;
  /** A folder is covered by an empty read-only one; anything else by /dev/null. */
  kind: 'directory' | 'file';
}

export interface HiddenPathsInput {
  home: string | undefined;
  dataDir: string;
}

/**
 * Those that exist, resolved, once each. One inside another is kept: the workspace may lie between
 * them (a data folder in a workspace under ~/.config), and mounting the workspace would show it again.
 */
export async function findHiddenPaths({ home, dataDir }: HiddenPathsInput): Promise<HiddenPath[]> {
  const candidates = [dataDir, ...HIDDEN_SYSTEM_PATHS, ...(home ? HIDDEN_HOME_ENTRIES.map((entry) => path.join(home, entry)) : [])];
  const found = await Promise.all(candidates.map(resolveHidden));
  const unique = new Map<string, HiddenPath>();
  for (const hidden of found) if (hidden) unique.set(hidden.path, hidden);
  return [...unique.values()];
}

async function resolveHidden(candidate: string): Promise<HiddenPath | undefined> {
  try {
    const resolved = await realpath(candidate);
    // The root itself is never "hidden": that would hide everything, the workspace with it.
    if (resolved === path.parse(resolved).root) return undefined;
    return { path: resolved, kind: (await stat(resolved)).isDirectory() ? 'directory' : 'file' };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Absent (or a dangling symlink): nothing to hide. Unreadable by this user: nor for the sandbox, which runs as this user.
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EACCES' || code === 'ELOOP') return undefined;
    throw error;
  }
}
