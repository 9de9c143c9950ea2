/** What socket.io says when nothing answers: the relay is gone or restarting, so retrying is right. */
export function isNetworkError(message: string): boolean {
  return /websocket error|xhr poll error|timeout|transport (close|error)/i.test(message);
}

/**
 * Why the tab is not connected, in words a user reads after "Disconnected: ": socket.io's own
 * terms ("websocket error") say only that the relay does not answer; a refusal's words are the relay's.
 */
export function connectionErrorText(error: string): string {
  return isNetworkError(error) ? 'the relay is unreachable; retrying' : error;
}
