/**
 * A transport moves decoded JSON values between two peers. It knows nothing of JSON-RPC; the
 * connection knows nothing of sockets or pipes.
 */
import type { RpcError } from './errors';

export interface Transport {
  /** Sends one message (or a batch); a closed transport drops it. */
  send(message: unknown): void;
  close(): void;
  /** Set by the connection: every value the peer sent, not yet validated. */
  onmessage?: (message: unknown) => void;
  /** Set by the connection: the transport will carry nothing more. */
  onclose?: (reason: string) => void;
  /**
   * Set by the connection: bytes the transport received but could not decode into a message,
   * as the error the peer should be answered with (a -32700 parse error; JSON-RPC 2.0 §5 says
   * its id is null). Transports that carry decoded values already (socket.io) never call it.
   */
  onerror?: (error: RpcError) => void;
}
