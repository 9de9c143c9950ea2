/**
 * The relay's own failures as an MCP client, with string codes (house style: wire errors and
 * local errors kept apart). A tool call that the server answers with `isError` is not one of
 * these: it is a result, and goes back to the model as such.
 */
import { loadedMcpSdk } from './mcp-sdk';

export type McpClientErrorCode =
  | 'unknown-server'
  | 'unknown-tool'
  | 'server-not-running'
  | 'connect-failed'
  | 'request-failed'
  | 'timeout'
  | 'cancelled'
  | 'closed';

export class McpClientError extends Error {
  override readonly name = 'McpClientError';

  constructor(
    readonly code: McpClientErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * Turns what the SDK throws for a request into an McpClientError whose message says what
 * happened in words a user (or the model) can act on.
 */
export function requestError(error: unknown, what: string, signal: AbortSignal | undefined): McpClientError {
  if (error instanceof McpClientError) return error;
  if (signal?.aborted) return new McpClientError('cancelled', `${what} was cancelled`, { cause: error });
  const sdk = loadedMcpSdk();
  if (sdk && error instanceof sdk.McpError && error.code === sdk.ErrorCode.RequestTimeout) {
    return new McpClientError('timeout', `${what} timed out`, { cause: error });
  }
  if (sdk && error instanceof sdk.McpError && error.code === sdk.ErrorCode.ConnectionClosed) {
    return new McpClientError('server-not-running', `${what} failed: the server closed the connection`, {
      cause: error,
    });
  }
  return new McpClientError('request-failed', `${what} failed: ${errorMessage(error)}`, { cause: error });
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
