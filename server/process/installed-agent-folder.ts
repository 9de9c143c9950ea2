/**
 * Where "Add agent" installs agents: `<data-dir>/tools/agents/<id>/<version>/`. The data folder is
 * hidden from every sandboxed process, so an installed agent run in the sandbox (`sandbox.agents`)
 * is shown its own version folder again, read-only, and nothing else of the data folder.
 */
import path from 'node:path';

export function installedAgentsFolder(dataDir: string): string {
  return path.join(dataDir, 'tools', 'agents');
}

/** The version folder an installed agent's program lies in; undefined for any other program. */
export function installFolderOf(dataDir: string, command: string): string | undefined {
  if (!path.isAbsolute(command)) return undefined;
  const root = installedAgentsFolder(path.resolve(dataDir));
  const relative = path.relative(root, path.resolve(command));
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [id, version, ...inside] = relative.split(path.sep);
  if (!id || !version || inside.length === 0 || id === '..' || version === '..') return undefined;
  return path.join(root, id, version);
}
