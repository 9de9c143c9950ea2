/**
 * File access for one workspace root, in the shape of the ACP thread methods (specs/acp-threads.md:
 * `readTextFile`, `stat`, `globSearch`) plus the writes, moves and listings the built-in agent
 * needs. Every path goes through resolveWorkspacePath first.
 */
import type { Dirent, Stats } from 'node:fs';
import { mkdir, rename, stat as statEntry } from 'node:fs/promises';
import path from 'node:path';
import { compileGlob } from './glob-pattern';
import { readRegularFile } from './regular-file';
import { replaceRegularFile } from './replace-file';
import { realWorkspaceRoot, resolveWorkspacePath, toWorkspaceRelative } from './resolve-workspace-path';
import { WorkspaceError } from './workspace-error';
import { assertNotProtected, protectedMatcher } from './workspace-entries';
import { type GlobSearchResult, readFolder, walkGlob } from './workspace-glob';
import { type MoveOptions, type MovePlan, planWorkspaceMove } from './workspace-move';

/** Larger files are refused: they would flood the browser and the model's context alike. */
export const MAX_TEXT_FILE_BYTES = 1024 * 1024;
export { type GlobSearchResult, IGNORED_FOLDERS, MAX_GLOB_MATCHES } from './workspace-glob';

export interface ReadTextFileOptions {
  /** Lines to skip from the start (0-based). */
  lineOffset?: number;
  /** At most this many lines after the offset. */
  lineLimit?: number;
}

export interface TextFile {
  /**
   * Changes whenever the file does: its modification time in whole microseconds plus its size in
   * bytes. Two writes of the same size within one timestamp tick of the file system share a
   * version; that is the price of not hashing every read.
   */
  version: number;
  content: string;
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
    const { bytes, stats } = await readRegularFile(absolute, requestedPath, MAX_TEXT_FILE_BYTES);
    const content = decodeText(bytes, requestedPath);
    return { version: fileVersion(stats), content: selectLines(content, options) };
  }

  /** A file's bytes, for pictures attached to a prompt; the same checks as a text read, with its own limit. */
  async readBinaryFile(requestedPath: string, maxBytes: number): Promise<{ version: number; bytes: Buffer }> {
    const absolute = await this.resolveUsable(requestedPath);
    const { bytes, stats } = await readRegularFile(absolute, requestedPath, maxBytes);
    return { version: fileVersion(stats), bytes };
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
    return { version: fileVersion(await statEntry(absolute)) };
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
  async globSearch(pattern: string): Promise<GlobSearchResult> {
    const glob = compileGlob(pattern);
    // Matches are reported under the names the pattern used, so the walk starts at the joined
    // prefix; resolving it first still refuses a prefix that is a symlink out of the workspace.
    if (glob.staticPrefix.length > 0) await this.resolveUsable(glob.staticPrefix.join('/'));
    return walkGlob(await realWorkspaceRoot(this.root), glob, {
      isProtected: await protectedMatcher(this.protectedFolders),
      resolve: (relative) => this.resolve(relative),
    });
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

/** See TextFile.version. Microseconds of an mtime today stay below 2^53, so this is exact. */
export function fileVersion(stats: Pick<Stats, 'mtimeMs' | 'size'>): number {
  return Math.trunc(stats.mtimeMs * 1000) + stats.size;
}

function selectLines(content: string, { lineOffset = 0, lineLimit }: ReadTextFileOptions): string {
  if (lineOffset === 0 && lineLimit === undefined) return content;
  // Split after each newline so the selected lines keep their own line endings.
  const lines = content.split(/(?<=\n)/);
  const end = lineLimit === undefined ? undefined : lineOffset + lineLimit;
  return lines.slice(lineOffset, end).join('');
}

/** A NUL byte or bytes that are not UTF-8 mean the file is not text a person or model can read. */
function decodeText(bytes: Buffer, requestedPath: string): string {
  const binary = (cause?: unknown) =>
    new WorkspaceError('binary-file', `The file ${requestedPath} is binary, not UTF-8 text.`, { cause });
  if (bytes.includes(0)) throw binary();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    throw binary(error);
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
