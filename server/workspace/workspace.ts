/**
 * File access for one workspace root, in the shape of the ACP thread methods (specs/acp-threads.md:
 * `readTextFile`, `stat`, `globSearch`) plus the writes, moves and listings the built-in agent
 * needs. Every path goes through resolveWorkspacePath first.
 */
import type { Dirent, Stats } from 'node:fs';
import { mkdir, readdir, readFile, rename, stat as statEntry, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { compileGlob } from './glob-pattern';
import { realWorkspaceRoot, resolveWorkspacePath, toWorkspaceRelative } from './resolve-workspace-path';
import { WorkspaceError } from './workspace-error';
import { assertNotProtected } from './workspace-entries';
import { type MoveOptions, type MovePlan, planWorkspaceMove } from './workspace-move';

/** Larger files are refused: they would flood the browser and the model's context alike. */
export const MAX_TEXT_FILE_BYTES = 1024 * 1024;
export const MAX_GLOB_MATCHES = 2000;
/** Bounds a search of a huge tree even when few entries match. */
const MAX_GLOB_VISITED_ENTRIES = 100_000;
/** Generated or vendored folders nobody means when searching a workspace. */
export const IGNORED_FOLDERS: ReadonlySet<string> = new Set(['node_modules', '.git', '.next', '.baton']);

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

export interface GlobSearchResult {
  /** Workspace-relative paths with `/`, sorted. Files only: folders are not matches. */
  matches: string[];
  /** True when the search stopped at MAX_GLOB_MATCHES (or a very large tree) before the end. */
  truncated: boolean;
}

export interface WorkspaceOptions {
  /**
   * Folders that writes and moves never change, such as the relay's data folder (its database and
   * the agent's config file, which must not be editable by the agent it constrains).
   */
  protectedFolders?: readonly string[];
}

export interface FolderEntry {
  name: string;
  /** A symbolic link is reported as one and never followed. */
  type: 'file' | 'folder' | 'symlink' | 'other';
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
    const absolute = await this.resolve(requestedPath);
    const stats = await statOrUndefined(absolute);
    if (!stats) throw new WorkspaceError('not-found', `The file ${requestedPath} does not exist.`);
    if (stats.isDirectory()) throw new WorkspaceError('is-directory', `${requestedPath} is a folder, not a file.`);
    if (stats.size > MAX_TEXT_FILE_BYTES) {
      throw new WorkspaceError(
        'file-too-large',
        `The file ${requestedPath} is ${stats.size} bytes; text reads are limited to ${MAX_TEXT_FILE_BYTES} bytes.`,
      );
    }
    const content = decodeText(await readFile(absolute), requestedPath);
    return { version: fileVersion(stats), content: selectLines(content, options) };
  }

  async stat(requestedPath: string): Promise<{ exists: boolean; isDirectory: boolean }> {
    const stats = await statOrUndefined(await this.resolve(requestedPath));
    return { exists: stats !== undefined, isDirectory: stats?.isDirectory() ?? false };
  }

  /** Creates or replaces a text file, creating missing parent folders inside the workspace. */
  async writeTextFile(requestedPath: string, content: string): Promise<{ version: number }> {
    const absolute = await this.resolve(requestedPath);
    const bytes = Buffer.byteLength(content, 'utf8');
    if (bytes > MAX_TEXT_FILE_BYTES) {
      throw new WorkspaceError(
        'file-too-large',
        `The new content of ${requestedPath} is ${bytes} bytes; text files are limited to ${MAX_TEXT_FILE_BYTES} bytes.`,
      );
    }
    if ((await statOrUndefined(absolute))?.isDirectory()) {
      throw new WorkspaceError('is-directory', `${requestedPath} is a folder, not a file.`);
    }
    await assertNotProtected(this.protectedFolders, absolute, requestedPath);
    await mkdir(path.dirname(absolute), { recursive: true });
    await writeFile(absolute, content, 'utf8');
    return { version: fileVersion(await statEntry(absolute)) };
  }

  /** Throws what writeTextFile would for a path it may never write (outside, or protected), before asking anyone. */
  async assertWritable(requestedPath: string): Promise<void> {
    await assertNotProtected(this.protectedFolders, await this.resolve(requestedPath), requestedPath);
  }

  /** The entries of one folder, sorted by name. */
  async listFolder(requestedPath: string): Promise<FolderEntry[]> {
    const absolute = await this.resolve(requestedPath);
    const stats = await statOrUndefined(absolute);
    if (!stats) throw new WorkspaceError('not-found', `The folder ${requestedPath} does not exist.`);
    if (!stats.isDirectory()) throw new WorkspaceError('not-a-folder', `${requestedPath} is a file, not a folder.`);
    return (await readFolder(absolute)).map((entry) => ({ name: entry.name, type: entryType(entry) }));
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

  async globSearch(pattern: string): Promise<GlobSearchResult> {
    const glob = compileGlob(pattern);
    const realRoot = await realWorkspaceRoot(this.root);
    // Matches are reported under the names the pattern used, so the walk starts at the joined
    // prefix; resolving it first still refuses a prefix that is a symlink out of the workspace.
    if (glob.staticPrefix.length > 0) await this.resolve(glob.staticPrefix.join('/'));
    const start = path.join(realRoot, ...glob.staticPrefix);
    const matches: string[] = [];
    let visited = 0;
    let truncated = false;

    const walk = async (folder: string, depth: number): Promise<void> => {
      const entries = await readFolder(folder);
      for (const entry of entries) {
        if (matches.length >= MAX_GLOB_MATCHES || visited >= MAX_GLOB_VISITED_ENTRIES) {
          truncated = true;
          return;
        }
        visited += 1;
        const absolute = path.join(folder, entry.name);
        const relative = toWorkspaceRelative(realRoot, absolute);
        // Symlinked folders are not followed: their target may be outside, or loop back.
        if (entry.isDirectory()) {
          if (!IGNORED_FOLDERS.has(entry.name) && depth + 1 < glob.maxDepth) await walk(absolute, depth + 1);
        } else if (glob.regex.test(relative) && (await this.isReadableFile(entry, relative))) {
          matches.push(relative);
        }
      }
    };
    await walk(start, glob.staticPrefix.length);
    return { matches: matches.sort(), truncated };
  }

  /** A file a later read would accept: a plain file, or a symlink to a file inside the workspace. */
  private async isReadableFile(entry: Dirent, relative: string): Promise<boolean> {
    if (entry.isFile()) return true;
    if (!entry.isSymbolicLink()) return false;
    try {
      return (await statOrUndefined(await this.resolve(relative)))?.isFile() ?? false;
    } catch (error) {
      if (error instanceof WorkspaceError) return false;
      throw error;
    }
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

async function readFolder(folder: string): Promise<Dirent[]> {
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
