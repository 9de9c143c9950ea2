/**
 * The relay's own failures (RelayError, string codes) as the JSON-RPC errors a tab sees: one row
 * per code, so that the same failure reads the same from every method.
 */
import { BatonErrorCodes, type BatonProtocol } from '../../lib/protocol/baton-protocol';
import { ErrorCodes } from '../../lib/protocol/json-rpc';
import { RpcError } from '../../lib/rpc/errors';
import { RelayError, type RelayErrorCode } from '../../lib/rpc/relay-error';
import type { RpcConnection } from '../../lib/rpc/rpc-connection';

/** The JSON-RPC error a relay error becomes; `reason` sends its string code along as `data.reason`. */
export interface WireError {
  code: number;
  reason: boolean;
}

const bare = (code: number): WireError => ({ code, reason: false });
const withReason = (code: number): WireError => ({ code, reason: true });
const fileUnavailable = withReason(BatonErrorCodes.FileUnavailable);

export const WIRE_ERRORS: { readonly [Code in RelayErrorCode]: WireError } = {
  'unknown-thread': bare(BatonErrorCodes.UnknownThread),
  'thread-busy': bare(BatonErrorCodes.ThreadBusy),
  // The thread runs on another relay now: busy for this one, and the reason says why.
  'thread-taken-over': withReason(BatonErrorCodes.ThreadBusy),
  'unknown-agent': bare(BatonErrorCodes.UnknownAgent),
  'invalid-cursor': bare(ErrorCodes.InvalidParams),
  // A point that is no user message (or no entry at all) is a bad parameter; so is a file to revert
  // that the thread never changed, and a file to import that is no export.
  'invalid-rewind-point': bare(ErrorCodes.InvalidParams),
  'file-not-changed': bare(ErrorCodes.InvalidParams),
  'bad-import': bare(ErrorCodes.InvalidParams),
  // An answer to a question that waits no more, or values its form refuses: the question stays as it was.
  'unknown-elicitation': withReason(ErrorCodes.InvalidParams),
  'invalid-elicitation-answer': withReason(ErrorCodes.InvalidParams),
  // A path or pattern no file system or search could use is a bad parameter, said plainly.
  'invalid-path': withReason(ErrorCodes.InvalidParams),
  'invalid-pattern': withReason(ErrorCodes.InvalidParams),
  'outside-workspace': withReason(BatonErrorCodes.PathOutsideWorkspace),
  'dangling-symlink': withReason(BatonErrorCodes.PathOutsideWorkspace),
  'workspace-missing': fileUnavailable,
  'not-found': fileUnavailable,
  'is-directory': fileUnavailable,
  'binary-file': fileUnavailable,
  'file-too-large': fileUnavailable,
  'not-a-regular-file': fileUnavailable,
  'not-a-folder': fileUnavailable,
  'already-exists': fileUnavailable,
  'symbolic-link': fileUnavailable,
  'protected-path': fileUnavailable,
  'git-folder': fileUnavailable,
  'write-failed': fileUnavailable,
};

/** Runs a handler, translating the relay's own failures into the JSON-RPC errors the tab sees. */
export async function asRpc<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toRpcError(error);
  }
}

/** A RelayError as its row says; anything else as it is (the connection answers it as an internal error). */
export function toRpcError(error: unknown): unknown {
  if (!(error instanceof RelayError)) return error;
  const code: RelayErrorCode = error.code;
  const wire = WIRE_ERRORS[code];
  return new RpcError(wire.code, error.message, wire.reason ? { reason: code } : undefined, { cause: error });
}

/**
 * For notifications, which cannot be answered with an error: tells the tab that sent one why it
 * failed, as an error `$/showMessage`.
 */
export function failureReporter(connection: RpcConnection<BatonProtocol>) {
  return (action: string) => (error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    connection.notify('$/showMessage', { type: 'error', message: `Could not ${action}: ${reason}` });
  };
}
