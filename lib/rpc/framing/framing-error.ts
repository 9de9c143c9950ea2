/**
 * What a framing reader reports when the bytes it is given do not make a message. These are
 * local findings with string kinds; whoever owns the connection turns them into the JSON-RPC
 * error the peer should hear (JSON-RPC 2.0 §5.1): -32700, or -32600 for a message that is JSON
 * but nested too deep to be taken.
 */

export type FramingErrorKind =
  /** A header block ended without a `Content-Length` field. */
  | 'missing-content-length'
  /** `Content-Length` is not a number, negative, absurdly large, or given twice with two values. */
  | 'invalid-content-length'
  /** A header line has no colon. */
  | 'malformed-header'
  /** A header block grew past its cap without ending. */
  | 'header-too-large'
  /** `Content-Type` names a charset other than UTF-8. */
  | 'unsupported-charset'
  /** A message (a body, or an NDJSON line) is larger than the reader's cap. */
  | 'message-too-large'
  /** A complete message is not JSON. */
  | 'invalid-json'
  /** A message nests arrays and objects deeper than the reader's limit. */
  | 'too-deep'
  /** The stream ended inside a message. */
  | 'truncated-message';

export class FramingError extends Error {
  override readonly name = 'FramingError';

  constructor(
    readonly kind: FramingErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
