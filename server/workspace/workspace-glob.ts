/**
 * The walk behind Workspace.globSearch: from the pattern's static prefix down, in name order,
 * never into an ignored or protected folder nor through a symbolic link to a folder, and bounded
 * both in matches and in entries visited.
 */
import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { MAX_GLOB_SEARCH_MATCHES } from '../../lib/protocol/workspace-files';
import type { CompiledGlob } from './glob-pattern';
import { toWorkspaceRelative } from './resolve-workspace-path';
import { WorkspaceError } from './workspace-error';

export const MAX_GLOB_MATCHES = MAX_GLOB_SEARCH_MATCHES;
/** Bounds a search of a huge tree even when few entries match. */
const MAX_GLOB_VISITED_ENTRIES = 100_000;
/**
 * The longest the walk holds the event loop between two yields. Each match is linear, but a
 * folder of thousands of names against a long pattern still adds up; other tabs wait no longer.
 */
const SLICE_MS = 20;
/** Generated or vendored folders nobody means when searching a workspace. */
export const IGNORED_FOLDERS: ReadonlySet<string> = new Set(['node_modules', '.git', '.next', '.baton']);

export interface GlobSearchResult {
  /** Workspace-relative paths with `/`, sorted. Files only: folders are not matches. */
  matches: string[];
  /** True when the search stopped at its match cap (or a very large tree) before the end. */
  truncated: boolean;
}

export interface GlobWalkOptions {
  isProtected(absolute: string): boolean;
  /** Resolves a workspace-relative path through the jail (for symbolic links). */
  resolve(relative: string): Promise<string>;
  /** Entries to leave out besides the ignored folders (the file panel's: what .gitignore ignores). */
  ignores?(absolute: string, isDirectory: boolean): Promise<boolean>;
  /** Fewer matches than MAX_GLOB_MATCHES (a quick-open list). */
  maxMatches?: number;
}

export async function walkGlob(realRoot: string, glob: CompiledGlob, options: GlobWalkOptions): Promise<GlobSearchResult> {
  const matches: string[] = [];
  const maxMatches = Math.min(options.maxMatches ?? MAX_GLOB_MATCHES, MAX_GLOB_MATCHES);
  let visited = 0;
  let truncated = false;
  let sliceStart = performance.now();

  const walk = async (folder: string, depth: number): Promise<void> => {
    if (options.isProtected(folder)) return;
    for (const entry of await readFolder(folder)) {
      if (matches.length >= maxMatches || visited >= MAX_GLOB_VISITED_ENTRIES) {
        truncated = true;
        return;
      }
      visited += 1;
      if (performance.now() - sliceStart > SLICE_MS) {
        await nextTurn();
        sliceStart = performance.now();
      }
      const absolute = path.join(folder, entry.name);
      const relative = toWorkspaceRelative(realRoot, absolute);
      if (options.ignores && (await options.ignores(absolute, entry.isDirectory()))) continue;
      // Symlinked folders are not followed: their target may be outside, or loop back.
      if (entry.isDirectory()) {
        if (!IGNORED_FOLDERS.has(entry.name) && depth + 1 < glob.maxDepth) await walk(absolute, depth + 1);
      } else if (glob.matches(relative) && (await isReadableFile(entry, absolute, relative, options))) {
        matches.push(relative);
      }
    }
  };
  await walk(path.join(realRoot, ...glob.staticPrefix), glob.staticPrefix.length);
  return { matches: matches.sort(), truncated };
}

/**
 * A file a later read would accept: a regular file, or a symlink to one inside the workspace,
 * outside the protected folders. FIFOs, devices and sockets are not offered at all.
 */
async function isReadableFile(entry: Dirent, absolute: string, relative: string, options: GlobWalkOptions): Promise<boolean> {
  if (entry.isFile()) return !options.isProtected(absolute);
  if (!entry.isSymbolicLink()) return false;
  try {
    const target = await options.resolve(relative);
    return !options.isProtected(target) && (await stat(target)).isFile();
  } catch (error) {
    if (error instanceof WorkspaceError) return false;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return false;
    throw error;
  }
}

export async function readFolder(folder: string): Promise<Dirent[]> {
  try {
    const entries = await readdir(folder, { withFileTypes: true });
    return entries.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0));
  } catch (error) {
    // The static prefix of a pattern may name a folder that does not exist: nothing matches.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
}
