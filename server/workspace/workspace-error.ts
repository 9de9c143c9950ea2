/**
 * The relay's own failures for workspace file access (string codes, per the house style). The
 * relay maps them to JSON-RPC errors; the built-in agent turns them into tool error results.
 */
import { RelayError, type WorkspaceErrorCode, type WorkspacePathErrorCode } from '../../lib/rpc/relay-error';

export type { WorkspaceErrorCode, WorkspacePathErrorCode };

export class WorkspaceError<Code extends WorkspaceErrorCode = WorkspaceErrorCode> extends RelayError<Code> {
  override readonly name: string = 'WorkspaceError';
}

/** A requested path was refused before any file was touched: it would leave the workspace. */
export class WorkspacePathError extends WorkspaceError<WorkspacePathErrorCode> {
  override readonly name = 'WorkspacePathError';
}
