/**
 * The relay's own failures for workspace file access (string codes, per the house style). The
 * relay maps them to JSON-RPC errors; the built-in agent turns them into tool error results.
 */

export type WorkspacePathErrorCode = 'invalid-path' | 'outside-workspace' | 'dangling-symlink';

export type WorkspaceErrorCode =
  | WorkspacePathErrorCode
  | 'workspace-missing'
  | 'not-found'
  | 'is-directory'
  | 'binary-file'
  | 'file-too-large'
  | 'not-a-regular-file'
  | 'invalid-pattern'
  | 'not-a-folder'
  | 'already-exists'
  | 'symbolic-link'
  | 'protected-path'
  /** A change inside `.git`, which Baton's own restores never make. */
  | 'git-folder'
  /** A restore's write failed for a reason of the file system's own (a full disk, a permission). */
  | 'write-failed';

export class WorkspaceError extends Error {
  override readonly name: string = 'WorkspaceError';

  constructor(
    readonly code: WorkspaceErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A requested path was refused before any file was touched: it would leave the workspace. */
export class WorkspacePathError extends WorkspaceError {
  override readonly name = 'WorkspacePathError';

  constructor(
    override readonly code: WorkspacePathErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(code, message, options);
  }
}
