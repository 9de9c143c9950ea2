/**
 * Where Baton's launcher is. The extension does not carry Baton (its UI build, its database
 * drivers and their native modules belong to a Node.js install of their own), so it runs the one
 * the user has, in this order:
 *
 * 1. the `baton.launcherPath` setting;
 * 2. Baton installed in the workspace (`npm install baton`): `node_modules/baton/bin/baton.mjs`;
 * 3. the workspace is Baton's own repository: its `bin/baton.mjs`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

export class LauncherNotFoundError extends Error {
  override readonly name = 'LauncherNotFoundError';
}

export function findLauncher(setting: string | undefined, workspaceRoot: string): string {
  if (setting?.trim()) {
    const configured = path.resolve(workspaceRoot, setting.trim());
    if (!existsSync(configured)) throw new LauncherNotFoundError(`baton.launcherPath names ${configured}, which does not exist.`);
    return configured;
  }
  const installed = path.join(workspaceRoot, 'node_modules', 'baton', 'bin', 'baton.mjs');
  if (existsSync(installed)) return installed;
  const own = path.join(workspaceRoot, 'bin', 'baton.mjs');
  if (existsSync(own) && packageName(workspaceRoot) === 'baton') return own;
  throw new LauncherNotFoundError(
    'Baton is not installed in this folder. Install it (npm install baton), or set baton.launcherPath to ' +
      "Baton's bin/baton.mjs, or start Baton yourself and set baton.url to the URL it prints.",
  );
}

function packageName(folder: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path.join(folder, 'package.json'), 'utf8'));
    return parsed && typeof parsed === 'object' && 'name' in parsed && typeof parsed.name === 'string' ? parsed.name : undefined;
  } catch {
    // No package.json, or not JSON: not Baton's repository.
    return undefined;
  }
}
