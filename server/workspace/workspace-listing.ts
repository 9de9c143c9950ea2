/**
 * One folder's entries for the file panel's tree (Baton's `listDirectory`): each with its kind, a
 * file's size, and where a symbolic link leads when that is a file or folder the panel may open.
 * Baton's data folder is left out entirely, not merely marked; with `gitignore`, so is what git
 * would ignore. Bounded by MAX_DIRECTORY_ENTRIES.
 */
import type { Dirent } from 'node:fs';
import { lstat, stat } from 'node:fs/promises';
import path from 'node:path';
import type { GitignoreRules } from './gitignore-rules';
import { WorkspaceError } from './workspace-error';
import { readFolder } from './workspace-glob';

export const MAX_DIRECTORY_ENTRIES = 2000;

export type DirectoryEntryKind = 'file' | 'directory' | 'symlink' | 'other';

export interface DirectoryEntry {
  name: string;
  /** A symbolic link is reported as one; `target` says what it leads to. */
  kind: DirectoryEntryKind;
  /** A file's size in bytes. */
  size?: number;
  /** A link's target kind, when it resolves inside the workspace and outside the data folder. */
  target?: 'file' | 'directory';
}

export interface DirectoryListing {
  entries: DirectoryEntry[];
  truncated: boolean;
}

export interface ListingContext {
  isProtected(absolute: string): boolean;
  /** Resolves a path through the jail; throws WorkspaceError when it leaves the workspace. */
  resolve(absolute: string): Promise<string>;
  gitignore?: GitignoreRules;
}

/** `folder` is a real path inside the workspace, already checked to be usable. */
export async function listDirectoryEntries(folder: string, context: ListingContext): Promise<DirectoryListing> {
  const entries: DirectoryEntry[] = [];
  let truncated = false;
  for (const entry of await readFolder(folder)) {
    const absolute = path.join(folder, entry.name);
    if (context.isProtected(absolute)) continue;
    if (context.gitignore && (await context.gitignore.ignores(absolute, entry.isDirectory()))) continue;
    if (entries.length >= MAX_DIRECTORY_ENTRIES) {
      truncated = true;
      break;
    }
    entries.push(await describeEntry(entry, absolute, context));
  }
  return { entries, truncated };
}

async function describeEntry(entry: Dirent, absolute: string, context: ListingContext): Promise<DirectoryEntry> {
  if (entry.isDirectory()) return { name: entry.name, kind: 'directory' };
  if (entry.isFile()) {
    const size = await sizeOf(absolute);
    return size === undefined ? { name: entry.name, kind: 'file' } : { name: entry.name, kind: 'file', size };
  }
  if (!entry.isSymbolicLink()) return { name: entry.name, kind: 'other' };
  const target = await linkTarget(absolute, context);
  return target ? { name: entry.name, kind: 'symlink', target } : { name: entry.name, kind: 'symlink' };
}

async function sizeOf(absolute: string): Promise<number | undefined> {
  try {
    return (await lstat(absolute)).size;
  } catch (error) {
    // Removed between the folder read and now: listed without a size.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function linkTarget(absolute: string, context: ListingContext): Promise<DirectoryEntry['target']> {
  try {
    const resolved = await context.resolve(absolute);
    if (context.isProtected(resolved)) return undefined;
    const stats = await stat(resolved);
    if (stats.isDirectory()) return 'directory';
    return stats.isFile() ? 'file' : undefined;
  } catch (error) {
    // A link out of the workspace, or to nothing: listed as a link the panel cannot open.
    if (error instanceof WorkspaceError) return undefined;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
}
