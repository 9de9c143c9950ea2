/**
 * The folder Baton runs from (its package root), found upward from this module: from the sources
 * (tsx, vitest) and from the built relay (`.relay-build/`) alike.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let found: string | undefined | null = null;

export function installRoot(): string | undefined {
  if (found !== null) return found;
  let folder = path.dirname(fileURLToPath(import.meta.url));
  found = undefined;
  for (;;) {
    const manifest = path.join(folder, 'package.json');
    if (existsSync(manifest) && isBaton(manifest)) {
      found = folder;
      break;
    }
    const parent = path.dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  return found;
}

function isBaton(manifest: string): boolean {
  try {
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === 'baton';
  } catch {
    // A package.json that cannot be read is not Baton's: keep looking further up.
    return false;
  }
}
