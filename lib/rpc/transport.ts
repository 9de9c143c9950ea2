/**
 * A transport moves decoded JSON values between two peers. It knows nothing of JSON-RPC; the
 * connection knows nothing of sockets or pipes.
 */
export interface Transport {
  /** Sends one message (or a batch); a closed transport drops it. */
  send(message: unknown): void;
  close(): void;
  /** Set by the connection: every value the peer sent, not yet validated. */
  onmessage?: (message: unknown) => void;
  /** Set by the connection: the transport will carry nothing more. */
  onclose?: (reason: string) => void;
}
