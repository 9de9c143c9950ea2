/**
 * The one gate every workspace file access goes through (DESIGN.md, decision 5: file access
 * cannot leave the workspace roots through `..`, absolute paths, prefix-sibling folders or
 * symlinks). Checks are made on real paths, so a symlink anywhere along the way is judged by
 * where it actually points.
 */
import { lstat, realpath } from 'node:fs/promises';
import path from 'node:path';
import { WorkspaceError, WorkspacePathError } from './workspace-error';

/**
 * Resolves `requestedPath` (relative to `root`, or absolute inside it) to the real absolute path
 * it names. Paths that do not exist yet are allowed (writes): their nearest existing ancestor must
 * really lie inside the root. Throws WorkspacePathError for anything that would leave it.
 */
export async function resolveWorkspacePath(root: string, requestedPath: string): Promise<string> {
  if (requestedPath.length === 0 || requestedPath.includes('\0')) {
    throw new WorkspacePathError('invalid-path', `Invalid path ${JSON.stringify(requestedPath)}.`);
  }
  assertLengthsFit(requestedPath);
  const lexicalRoot = path.resolve(root);
  const realRoot = await realWorkspaceRoot(lexicalRoot);
  const relative = relativeInsideRoot(lexicalRoot, realRoot, requestedPath);
  if (relative === undefined) {
    throw outside(requestedPath);
  }
  const { realAncestor, tail } = await realpathOfNearestExisting(path.join(realRoot, relative), requestedPath);
  if (relativeInside(realRoot, realAncestor) === undefined) {
    throw outside(requestedPath);
  }
  return tail.length === 0 ? realAncestor : path.join(realAncestor, ...tail);
}

/** The root's own real path, so a root reached through a symlink (e.g. macOS /tmp) still works. */
export async function realWorkspaceRoot(root: string): Promise<string> {
  try {
    return await realpath(path.resolve(root));
  } catch (error) {
    throw new WorkspaceError('workspace-missing', `The workspace folder ${root} does not exist.`, {
      cause: error,
    });
  }
}

/** Converts a real absolute path inside the root to the workspace-relative `/` form shown to users. */
export function toWorkspaceRelative(realRoot: string, absolutePath: string): string {
  return path.relative(realRoot, absolutePath).split(path.sep).join('/');
}

/**
 * The path relative to the root, or undefined when the request lexically leaves it. An absolute
 * path may name the root either as configured or as its real path.
 */
function relativeInsideRoot(lexicalRoot: string, realRoot: string, requestedPath: string): string | undefined {
  if (path.isAbsolute(requestedPath)) {
    const absolute = path.resolve(requestedPath);
    return relativeInside(lexicalRoot, absolute) ?? relativeInside(realRoot, absolute);
  }
  return relativeInside(lexicalRoot, path.resolve(lexicalRoot, requestedPath));
}

/**
 * `target` relative to `base` when it lies inside (or is) `base`. Comparing whole segments is what
 * refuses prefix siblings: `/ws-other` is not inside `/ws` although the string starts with it.
 */
function relativeInside(base: string, target: string): string | undefined {
  const relative = path.relative(base, target);
  if (relative === '') return '';
  if (path.isAbsolute(relative)) return undefined;
  const [first] = relative.split(path.sep);
  return first === '..' ? undefined : relative;
}

/** Walks up from `absolute` to the first entry that exists and returns its real path. */
async function realpathOfNearestExisting(absolute: string, requestedPath: string): Promise<{ realAncestor: string; tail: string[] }> {
  const tail: string[] = [];
  let current = absolute;
  for (;;) {
    if (await entryExists(current)) {
      try {
        return { realAncestor: await realpath(current), tail };
      } catch (error) {
        // lstat saw the entry but realpath cannot follow it: a symlink to nothing. Writing
        // through it would create its target wherever it points, so it is refused.
        throw new WorkspacePathError(
          'dangling-symlink',
          `The path ${requestedPath} goes through a symbolic link whose target does not exist.`,
          { cause: error },
        );
      }
    }
    const parent = path.dirname(current);
    if (parent === current) {
      throw outside(requestedPath);
    }
    tail.unshift(path.basename(current));
    current = parent;
  }
}

async function entryExists(absolute: string): Promise<boolean> {
  try {
    await lstat(absolute);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return false;
    // A file system with smaller limits than the usual ones below refuses the name itself.
    if (code === 'ENAMETOOLONG') throw tooLong(absolute, { cause: error });
    throw error;
  }
}

/**
 * The usual limits of Linux and macOS file systems (NAME_MAX, PATH_MAX). Checked before any
 * system call, so a path the model made absurdly long is a bad parameter with a plain reason,
 * not an internal error quoting the whole path back.
 */
const MAX_NAME_BYTES = 255;
const MAX_PATH_BYTES = 4096;

function assertLengthsFit(requestedPath: string): void {
  const longName = requestedPath.split(/[\\/]/).some((name) => Buffer.byteLength(name) > MAX_NAME_BYTES);
  if (longName || Buffer.byteLength(requestedPath) > MAX_PATH_BYTES) throw tooLong(requestedPath);
}

function tooLong(requestedPath: string, options?: { cause?: unknown }): WorkspacePathError {
  const shown = requestedPath.length > 60 ? `${requestedPath.slice(0, 60)}…` : requestedPath;
  return new WorkspacePathError(
    'invalid-path',
    `The path ${shown} is longer than the file system allows (names of at most ${MAX_NAME_BYTES} bytes, paths of at most ${MAX_PATH_BYTES}).`,
    options,
  );
}

function outside(requestedPath: string): WorkspacePathError {
  return new WorkspacePathError(
    'outside-workspace',
    `The path ${requestedPath} is outside the workspace; only files inside it can be used.`,
  );
}
