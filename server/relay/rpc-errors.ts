/** The relay's own failures (string codes) as the JSON-RPC errors a tab sees: translated here, once. */
import { BatonErrorCodes, type BatonProtocol } from '../../lib/protocol/baton-protocol';
import { ErrorCodes } from '../../lib/protocol/json-rpc';
import { RpcError } from '../../lib/rpc/errors';
import type { RpcConnection } from '../../lib/rpc/rpc-connection';
import { UnknownAgentError } from '../agents/agent-registry';
import { UnknownThreadError } from '../hub/thread-hub';
import { ThreadBusyError } from '../hub/thread-session';
import { InvalidCursorError } from '../store/thread-store';
import { WorkspaceError, type WorkspaceErrorCode, WorkspacePathError } from '../workspace/workspace-error';

const INVALID_PARAMETERS: ReadonlySet<WorkspaceErrorCode> = new Set(['invalid-path', 'invalid-pattern']);

/** Runs a handler, translating the relay's own failures into the JSON-RPC errors the tab sees. */
export async function asRpc<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toRpcError(error);
  }
}

function toRpcError(error: unknown): unknown {
  if (error instanceof UnknownThreadError) return new RpcError(BatonErrorCodes.UnknownThread, error.message);
  if (error instanceof ThreadBusyError) return new RpcError(BatonErrorCodes.ThreadBusy, error.message);
  if (error instanceof UnknownAgentError) return new RpcError(BatonErrorCodes.UnknownAgent, error.message);
  // A path or pattern no file system or search could use is a bad parameter, said plainly.
  if (error instanceof WorkspaceError && INVALID_PARAMETERS.has(error.code)) {
    return new RpcError(ErrorCodes.InvalidParams, error.message, { reason: error.code });
  }
  if (error instanceof InvalidCursorError) return new RpcError(ErrorCodes.InvalidParams, error.message);
  if (error instanceof WorkspacePathError) {
    return new RpcError(BatonErrorCodes.PathOutsideWorkspace, error.message, { reason: error.code });
  }
  if (error instanceof WorkspaceError) {
    return new RpcError(BatonErrorCodes.FileUnavailable, error.message, { reason: error.code });
  }
  return error;
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
