/** Writes LSP-style `Content-Length` framing (ECA protocol v2, "Base Protocol"). */
import { serializeMessage, utf8Encoder } from './message-framing';

/** One message with its header. No `Content-Type`: the default (UTF-8 JSON-RPC) is what is sent. */
export function encodeContentLengthMessage(message: unknown): Uint8Array {
  const body = utf8Encoder.encode(serializeMessage(message));
  const header = utf8Encoder.encode(`Content-Length: ${body.byteLength}\r\n\r\n`);
  const bytes = new Uint8Array(header.byteLength + body.byteLength);
  bytes.set(header);
  bytes.set(body, header.byteLength);
  return bytes;
}
