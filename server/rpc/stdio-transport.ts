/**
 * A transport over a pair of byte streams: a child process's stdout (messages in) and stdin
 * (messages out), or any Readable and Writable. A framing turns bytes into messages and back; it
 * knows nothing of JSON-RPC, and the connection on top knows nothing of pipes.
 */
import type { Readable, Writable } from 'node:stream';
import { ErrorCodes } from '../../lib/protocol/json-rpc';
import { parseError, RpcError } from '../../lib/rpc/errors';
import type { FramingError } from '../../lib/rpc/framing/framing-error';
import type { MessageFraming } from '../../lib/rpc/framing/message-framing';
import type { Transport } from '../../lib/rpc/transport';

export interface StdioTransportOptions {
  /** Where the peer's messages come from, e.g. the child's stdout. Read as bytes. */
  input: Readable;
  /** Where this side's messages go, e.g. the child's stdin. Ended when the transport closes. */
  output: Writable;
  framing: MessageFraming;
  /** The largest message accepted from the peer, in bytes (the framing's default otherwise). */
  maxMessageBytes?: number;
  /**
   * Told about every message the framing could not read. The connection on top also hears of
   * it (through `onerror`) and answers the peer with a -32700 parse error (-32600 for JSON
   * nested too deep to take).
   */
  onFramingError?: (error: FramingError) => void;
}

/**
 * Reading starts when `onmessage` is first set, so nothing the peer writes before a connection
 * is attached is lost: until then it waits in the pipe.
 */
export function createStdioTransport(options: StdioTransportOptions): Transport {
  const { input, output, framing } = options;
  let closed = false;
  let reading = false;
  let deliver: ((message: unknown) => void) | undefined;
  const encoder = new TextEncoder();

  const transport: Transport = {
    send(message) {
      if (closed || !output.writable) return;
      output.write(framing.encode(message));
    },
    close() {
      finish('closed by this side');
    },
    get onmessage() {
      return deliver;
    },
    set onmessage(handler) {
      deliver = handler;
      if (handler) startReading();
    },
  };

  const reader = framing.createReader({
    maxMessageBytes: options.maxMessageBytes,
    onMessage: (message) => deliver?.(message),
    onError: (error) => {
      options.onFramingError?.(error);
      transport.onerror?.(wireError(error));
    },
  });

  const onData = (chunk: Uint8Array | string) => {
    reader.push(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
  };
  const onEnd = () => {
    reader.end();
    finish('the peer closed its output');
  };
  const onClose = () => finish('the input stream closed');
  const onInputError = (error: Error) => finish(`reading failed: ${error.message}`);
  // Writing to a child that has exited fails with EPIPE; that ends the transport, not the relay.
  const onOutputError = (error: Error) => finish(`writing failed: ${error.message}`);

  function finish(reason: string) {
    if (closed) return;
    closed = true;
    input.off('data', onData);
    input.off('end', onEnd);
    input.off('close', onClose);
    // Keep draining, so a peer still writing never blocks on a full pipe while it shuts down.
    input.resume();
    if (output.writable) output.end();
    transport.onclose?.(reason);
  }

  function startReading() {
    if (reading || closed) return;
    reading = true;
    input.on('data', onData);
    input.once('end', onEnd);
    input.once('close', onClose);
  }

  // These two stay attached after closing: a stream error with no listener would crash the relay.
  input.on('error', onInputError);
  output.on('error', onOutputError);
  return transport;
}

/** JSON nested too deep is JSON, but not a request Baton takes (-32600); the rest could not be read (-32700). */
function wireError(error: FramingError): RpcError {
  if (error.kind === 'too-deep') {
    return new RpcError(ErrorCodes.InvalidRequest, `Invalid request: ${error.message}`, { kind: error.kind }, { cause: error });
  }
  return parseError(error.message, { kind: error.kind }, error);
}
