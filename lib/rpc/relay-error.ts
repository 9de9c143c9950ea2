/**
 * The relay's own failures that a request can end in, with a string code from the one list below
 * (STYLE.md: wire errors carry numeric JSON-RPC codes, the relay's own carry string codes). The
 * relay turns one into the JSON-RPC error a tab sees by its code alone, through one table
 * (server/relay/rpc-errors.ts); a code added here without a row there does not compile.
 *
 * It sits in lib/ beside RpcError because one of them, a refused import file, is found by code
 * the browser shares.
 */

/** A path refused before any file was touched (server/workspace/resolve-workspace-path.ts). */
export type WorkspacePathErrorCode = 'invalid-path' | 'outside-workspace' | 'dangling-symlink';

/** Workspace file access (server/workspace): the relay maps these, the built-in agent's tools report them. */
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

export type RelayErrorCode =
  | WorkspaceErrorCode
  /** No such thread, or one being deleted (server/hub/thread-deletions.ts). */
  | 'unknown-thread'
  /** A turn already runs in the thread (server/hub/thread-session.ts). */
  | 'thread-busy'
  /** A write of a relay that lost the thread's lease to another relay of its team (server/store/lease-fencing.ts). */
  | 'thread-taken-over'
  /** No configured agent of that name (server/agents/agent-registry.ts). */
  | 'unknown-agent'
  /** A thread list cursor the relay did not give out (server/store/thread-store.ts). */
  | 'invalid-cursor'
  /** A rewind or fork point that is no user message (server/rewind/user-messages.ts). */
  | 'invalid-rewind-point'
  /** A revert of a file the thread never changed (server/rewind/file-revert.ts). */
  | 'file-not-changed'
  /** A file that is no Baton thread export (lib/thread/export/export-file.ts). */
  | 'bad-import'
  /** An answer to an agent's question that no longer waits, or never did (server/hub/pending-elicitations.ts). */
  | 'unknown-elicitation'
  /** An answer whose values do not fit the question's form (server/hub/pending-elicitations.ts). */
  | 'invalid-elicitation-answer';

export class RelayError<Code extends RelayErrorCode = RelayErrorCode> extends Error {
  constructor(
    readonly code: Code,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
