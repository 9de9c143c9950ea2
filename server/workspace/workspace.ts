/**
 * File access for one workspace root, in the shape of the ACP thread methods (specs/acp-threads.md:
 * `readTextFile`, `stat`, `globSearch`) plus the writes, moves and listings the built-in agent
 * needs. Every path goes through resolveWorkspacePath first.
 */
import type { Dirent, Stats } from 'node:fs';
import { mkdir, rename, stat as statEntry } from 'node:fs/promises';
import path from 'node:path';
import { type ChangeAccess, checkChange, removeCheckedFile, writeCheckedFile } from './checked-write';
import {
  type BinaryPage,
  MAX_TEXT_FILE_BYTES,
  type ReadBinaryFileOptions,
  type ReadTextFileOptions,
  readBinaryPage,
  readTextPage,
  type TextFile,
} from './file-pages';
import { fileVersion } from './file-version';
import { GitignoreRules } from './gitignore-rules';
import { compileGlob } from './glob-pattern';
import { LineIndexCache } from './line-index';
import { readRegularFile } from './regular-file';
import { replaceRegularFile } from './replace-file';
import { realWorkspaceRoot, resolveWorkspacePath, toWorkspaceRelative } from './resolve-workspace-path';
import { WorkspaceError } from './workspace-error';
import { assertNotProtected, protectedMatcher } from './workspace-entries';
import { type GlobSearchResult, readFolder, walkGlob } from './workspace-glob';
import { type DirectoryListing, listDirectoryEntries } from './workspace-listing';
import { type MoveOptions, type MovePlan, planWorkspaceMove } from './workspace-move';

export { MAX_TEXT_FILE_BYTES, MAX_BINARY_PAGE_BYTES, type ReadTextFileOptions, type TextFile, type BinaryPage } from './file-pages';
export { type GlobSearchResult, IGNORED_FOLDERS, MAX_GLOB_MATCHES } from './workspace-glob';
export { fileVersion } from './file-version';
export { type DirectoryEntry, type DirectoryListing, MAX_DIRECTORY_ENTRIES } from './workspace-listing';

export interface GlobSearchOptions {
  /** Leave out what the workspace's .gitignore files ignore (the file panel does; the agent's tools do not). */
  gitignore?: boolean;
  /** `readme*` also matches `README.md`. */
  ignoreCase?: boolean;
  /** Fewer matches than MAX_GLOB_MATCHES. */
  maxMatches?: number;
}

export interface WorkspaceOptions {
  /**
   * Folders that no read, listing, search, write or move enters, such as the relay's data folder
   * (its database, and the config file with the approval rules and the MCP servers' secrets).
   */
  protectedFolders?: readonly string[];
}

export interface FolderEntry {
  name: string;
  /** A symbolic link is reported as one and never followed. */
  type: 'file' | 'folder' | 'symlink' | 'other';
  /** Baton's data folder (or inside it): listed by name, never opened. */
  protected?: true;
}

export class Workspace {
  readonly root: string;
  private readonly protectedFolders: readonly string[];
  private readonly lineIndexes = new LineIndexCache();

  constructor(root: string, options: WorkspaceOptions = {}) {
    this.root = path.resolve(root);
    this.protectedFolders = options.protectedFolders ?? [];
  }

  /** The real absolute path of a workspace path; throws WorkspacePathError when it would escape. */
  resolve(requestedPath: string): Promise<string> {
    return resolveWorkspacePath(this.root, requestedPath);
  }

  /** The workspace-relative `/` form of a path (e.g. for a diff header); refuses escapes too. */
  async relativePath(requestedPath: string): Promise<string> {
    const absolute = await this.resolve(requestedPath);
    return toWorkspaceRelative(await realWorkspaceRoot(this.root), absolute) || '.';
  }

  async readTextFile(requestedPath: string, options: ReadTextFileOptions = {}): Promise<TextFile> {
    const absolute = await this.resolveUsable(requestedPath);
    return readTextPage(absolute, requestedPath, options, this.lineIndexes);
  }

  /** A file's bytes, for pictures attached to a prompt; the same checks as a text read, with its own limit. */
  async readBinaryFile(requestedPath: string, maxBytes: number): Promise<{ version: number; bytes: Buffer }> {
    const absolute = await this.resolveUsable(requestedPath);
    const { bytes, version } = await readRegularFile(absolute, requestedPath, maxBytes);
    return { version, bytes };
  }

  /** A range of a file's bytes (at most MAX_BINARY_PAGE_BYTES), for the file panel's viewer. */
  async readBinaryPage(requestedPath: string, options: ReadBinaryFileOptions = {}): Promise<BinaryPage> {
    return readBinaryPage(await this.resolveUsable(requestedPath), requestedPath, options);
  }

  /**
   * The entries of one folder for the file panel's tree (Baton's `listDirectory`): unlike
   * listFolder, Baton's data folder is left out altogether, and with `gitignore` what git ignores.
   */
  async listDirectory(requestedPath: string, { gitignore = false }: { gitignore?: boolean } = {}): Promise<DirectoryListing> {
    const absolute = await this.resolveUsable(requestedPath);
    const stats = await statOrUndefined(absolute);
    if (!stats) throw new WorkspaceError('not-found', `The folder ${requestedPath} does not exist.`);
    if (!stats.isDirectory()) throw new WorkspaceError('not-a-folder', `${requestedPath} is a file, not a folder.`);
    return listDirectoryEntries(absolute, {
      isProtected: await protectedMatcher(this.protectedFolders),
      resolve: (entry) => this.resolve(entry),
      gitignore: gitignore ? new GitignoreRules(await realWorkspaceRoot(this.root)) : undefined,
    });
  }

  async stat(requestedPath: string): Promise<{ exists: boolean; isDirectory: boolean }> {
    const stats = await statOrUndefined(await this.resolveUsable(requestedPath));
    return { exists: stats !== undefined, isDirectory: stats?.isDirectory() ?? false };
  }

  /**
   * Creates or replaces a text file, creating missing parent folders inside the workspace. The
   * file is replaced, never rewritten in place (replaceRegularFile), so a hard link to a file
   * outside the workspace leaves that file as it was.
   */
  async writeTextFile(requestedPath: string, content: string): Promise<{ version: number }> {
    const absolute = await this.resolveUsable(requestedPath);
    const bytes = Buffer.byteLength(content, 'utf8');
    if (bytes > MAX_TEXT_FILE_BYTES) {
      throw new WorkspaceError(
        'file-too-large',
        `The new content of ${requestedPath} is ${bytes} bytes; text files are limited to ${MAX_TEXT_FILE_BYTES} bytes.`,
      );
    }
    await mkdir(path.dirname(absolute), { recursive: true });
    await replaceRegularFile(absolute, content, requestedPath);
    return { version: fileVersion(await statEntry(absolute, { bigint: true })) };
  }

  /**
   * Puts back a file a rewind restores (server/rewind), judging the path again as it writes:
   * never into `.git` or a protected folder, never through a link that leads there or out, only
   * over a regular file (checked-write.ts). Any content and size; permission bits as
   * replaceRegularFile keeps them.
   */
  restoreFile(relativePath: string, bytes: Uint8Array): Promise<void> {
    return writeCheckedFile(this.changeTarget(), relativePath, bytes);
  }

  /** Removes a file a rewound change created, judged as restoreFile judges; a link is removed as a link. */
  removeRestoredFile(relativePath: string): Promise<void> {
    return removeCheckedFile(this.changeTarget(), relativePath);
  }

  /** Throws what restoreFile or removeRestoredFile would meet at this path now, changing nothing. */
  checkRestore(relativePath: string, access: ChangeAccess): Promise<void> {
    return checkChange(this.changeTarget(), relativePath, access);
  }

  /** Throws what writeTextFile would for a path it may never write (outside, or protected), before asking anyone. */
  async assertWritable(requestedPath: string): Promise<void> {
    await this.resolveUsable(requestedPath);
  }

  /** The entries of one folder, sorted by name; Baton's data folder is named but marked. */
  async listFolder(requestedPath: string): Promise<FolderEntry[]> {
    const absolute = await this.resolveUsable(requestedPath);
    const stats = await statOrUndefined(absolute);
    if (!stats) throw new WorkspaceError('not-found', `The folder ${requestedPath} does not exist.`);
    if (!stats.isDirectory()) throw new WorkspaceError('not-a-folder', `${requestedPath} is a file, not a folder.`);
    const isProtected = await protectedMatcher(this.protectedFolders);
    return (await readFolder(absolute)).map((entry) => ({
      name: entry.name,
      type: entryType(entry),
      ...(isProtected(path.join(absolute, entry.name)) ? { protected: true } : {}),
    }));
  }

  /**
   * Checks a move of a file or folder without making it (see planWorkspaceMove); the agent shows
   * the plan before approval and the move itself checks again.
   */
  planMove(from: string, to: string, options: MoveOptions = {}): Promise<MovePlan> {
    return planWorkspaceMove(this.root, this.protectedFolders, from, to, options);
  }

  /** Moves (renames) a file or folder inside the workspace, creating missing parent folders. */
  async move(from: string, to: string, options: MoveOptions = {}): Promise<MovePlan> {
    const plan = await this.planMove(from, to, options);
    await mkdir(path.dirname(plan.to), { recursive: true });
    await rename(plan.from, plan.to);
    return plan;
  }

  /** Files whose path matches `pattern`; Baton's data folder and the ignored folders are not searched. */
  async globSearch(pattern: string, options: GlobSearchOptions = {}): Promise<GlobSearchResult> {
    const glob = compileGlob(pattern, { ignoreCase: options.ignoreCase });
    // Matches are reported under the names the pattern used, so the walk starts at the joined
    // prefix; resolving it first still refuses a prefix that is a symlink out of the workspace.
    if (glob.staticPrefix.length > 0) await this.resolveUsable(glob.staticPrefix.join('/'));
    const realRoot = await realWorkspaceRoot(this.root);
    const gitignore = options.gitignore ? new GitignoreRules(realRoot) : undefined;
    return walkGlob(realRoot, glob, {
      isProtected: await protectedMatcher(this.protectedFolders),
      resolve: (relative) => this.resolve(relative),
      ignores: gitignore ? (absolute, isDirectory) => gitignore.ignores(absolute, isDirectory) : undefined,
      maxMatches: options.maxMatches,
    });
  }

  private changeTarget() {
    return { root: this.root, protectedFolders: this.protectedFolders };
  }

  /**
   * The real path of a workspace path that may be read or written: inside the workspace and
   * outside its protected folders (Baton's data folder holds the config with the MCP servers'
   * secrets and the history: no agent reads it, let alone changes it).
   */
  private async resolveUsable(requestedPath: string): Promise<string> {
    const absolute = await this.resolve(requestedPath);
    await assertNotProtected(this.protectedFolders, absolute, requestedPath);
    return absolute;
  }
}

async function statOrUndefined(absolute: string): Promise<Stats | undefined> {
  try {
    return await statEntry(absolute);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
}

function entryType(entry: Dirent): FolderEntry['type'] {
  if (entry.isSymbolicLink()) return 'symlink';
  if (entry.isDirectory()) return 'folder';
  return entry.isFile() ? 'file' : 'other';
}
