/**
 * Turns one spawn (a program, its arguments, a working directory, an environment) into the same
 * spawn inside bubblewrap (https://github.com/containers/bubblewrap, `man bwrap`):
 * - every namespace of its own (`--unshare-all`): its own process numbers, so it cannot read the
 *   relay's /proc/<pid>/environ; its own network with only a loopback of its own, unless the
 *   network is allowed (`--share-net`);
 * - no capabilities, even when the relay runs as root: a root command could otherwise remount
 *   what hides the secrets;
 * - the whole file system read-only, a fresh /dev, /proc and /tmp; the workspace read-write at
 *   its own path; then the hidden paths covered (an empty read-only folder, or /dev/null for a
 *   file), so that one inside the workspace (the default data folder `<workspace>/.baton`) is
 *   hidden too: bubblewrap mounts in the order given, and each mount goes on top of those before;
 * - the same working directory and environment as asked, and it dies with the relay.
 *
 * The process group is the same as without the sandbox (bubblewrap starts no session), so
 * stopping the group stops the command and all it started.
 */
import path from 'node:path';
import type { HiddenPath } from './sandbox-hidden-paths';

export interface SpawnSpec {
  /** A path, or a name looked up on `env.PATH`. */
  command: string;
  args: readonly string[];
  cwd: string;
  /** The whole environment of the process. */
  env: Readonly<Record<string, string>>;
}

export interface SandboxLayout {
  bwrapPath: string;
  /** Read-write; resolved. */
  workspaceRoot: string;
  /** Resolved (sandbox-hidden-paths.ts). */
  hidden: readonly HiddenPath[];
  /**
   * Folders shown read-only again inside the fresh /tmp: Baton's own install when it lies there,
   * or the programs it starts from its node_modules (an MCP server from npm) would be gone.
   */
  shownInTmp?: readonly string[];
  /** Folders inside a hidden one shown again, read-only (an installed agent's own folder in the data folder); resolved. */
  shownReadOnly?: readonly string[];
  network: boolean;
}

export function sandboxedSpawn(spec: SpawnSpec, layout: SandboxLayout): SpawnSpec {
  const args = [
    '--die-with-parent',
    '--unshare-all',
    ...(layout.network ? ['--share-net'] : []),
    '--cap-drop',
    'ALL',
    '--ro-bind',
    '/',
    '/',
    '--dev',
    '/dev',
    '--proc',
    '/proc',
    '--tmpfs',
    '/tmp',
    ...layerMounts(layout),
    '--chdir',
    spec.cwd,
    '--',
    spec.command,
    ...spec.args,
  ];
  return { command: layout.bwrapPath, args, cwd: spec.cwd, env: spec.env };
}

/**
 * The workspace and the hidden paths, outermost first, so that whatever lies inside another is
 * mounted on top of it: a hidden folder inside the workspace stays hidden, and a workspace inside
 * a hidden folder stays writable. Hidden folders are made read-only last, once every mount
 * point inside them exists.
 */
function layerMounts(layout: SandboxLayout): string[] {
  const layers = [
    ...[...(layout.shownInTmp ?? []), ...(layout.shownReadOnly ?? [])].map((shown) => ({ path: shown, kind: 'shown' as const })),
    { path: layout.workspaceRoot, kind: 'workspace' as const },
    ...layout.hidden.map((hidden) => ({ path: hidden.path, kind: hidden.kind })),
  ].sort((a, b) => depth(a.path) - depth(b.path));
  const mounts: string[] = [];
  for (const layer of layers) {
    if (layer.kind === 'shown') mounts.push('--ro-bind', layer.path, layer.path);
    else if (layer.kind === 'workspace') mounts.push('--bind', layer.path, layer.path);
    else if (layer.kind === 'directory') mounts.push('--tmpfs', layer.path);
    else mounts.push('--ro-bind', '/dev/null', layer.path);
  }
  for (const hidden of layout.hidden) if (hidden.kind === 'directory') mounts.push('--remount-ro', hidden.path);
  return mounts;
}

function depth(folder: string): number {
  return path.resolve(folder).split(path.sep).filter(Boolean).length;
}
