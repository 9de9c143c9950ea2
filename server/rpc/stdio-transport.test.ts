import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ErrorCodes } from '../../lib/protocol/json-rpc';
import type { RpcError } from '../../lib/rpc/errors';
import { contentLengthFraming } from '../../lib/rpc/framing/content-length-reader';
import type { FramingError } from '../../lib/rpc/framing/framing-error';
import { ndjsonFraming } from '../../lib/rpc/framing/ndjson-reader';
import { createStdioTransport } from './stdio-transport';

function streamPair(framing = contentLengthFraming) {
  const input = new PassThrough();
  const output = new PassThrough();
  const framingErrors: FramingError[] = [];
  const transport = createStdioTransport({ input, output, framing, onFramingError: (error) => framingErrors.push(error) });
  const messages: unknown[] = [];
  const errors: RpcError[] = [];
  const closes: string[] = [];
  transport.onmessage = (message) => messages.push(message);
  transport.onerror = (error) => errors.push(error);
  transport.onclose = (reason) => closes.push(reason);
  const written: Buffer[] = [];
  output.on('data', (chunk: Buffer) => written.push(chunk));
  return { input, output, transport, messages, errors, framingErrors, closes, written };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('stdio transport', () => {
  it('writes each message framed', async () => {
    const { transport, written } = streamPair();
    transport.send({ jsonrpc: '2.0', method: 'ping' });
    await settle();
    expect(Buffer.concat(written).toString()).toBe('Content-Length: 33\r\n\r\n{"jsonrpc":"2.0","method":"ping"}');
  });

  it('delivers the messages it reads, however the bytes are split', async () => {
    const { input, messages } = streamPair();
    const wire = Buffer.from(contentLengthFraming.encode({ text: 'é🎉' }));
    input.write(wire.subarray(0, 25));
    input.write(wire.subarray(25));
    await settle();
    expect(messages).toEqual([{ text: 'é🎉' }]);
  });

  it('reads nothing until a handler is attached, so early messages wait rather than vanish', async () => {
    const input = new PassThrough();
    const transport = createStdioTransport({ input, output: new PassThrough(), framing: ndjsonFraming });
    input.write('{"early":true}\n');
    await settle();
    const messages: unknown[] = [];
    transport.onmessage = (message) => messages.push(message);
    await settle();
    expect(messages).toEqual([{ early: true }]);
  });

  it('reports bad input as a framing error and as a -32700 for the connection, then goes on', async () => {
    const { input, messages, errors, framingErrors } = streamPair(ndjsonFraming);
    input.write('this is a log line, not JSON\n{"jsonrpc":"2.0","method":"after"}\n');
    await settle();
    expect(framingErrors.map((error) => error.kind)).toEqual(['invalid-json']);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.code).toBe(ErrorCodes.ParseError);
    expect(errors[0]?.data).toEqual({ kind: 'invalid-json' });
    expect(errors[0]?.cause).toBe(framingErrors[0]);
    expect(messages).toEqual([{ jsonrpc: '2.0', method: 'after' }]);
  });

  it('refuses a message nested thousands deep with -32600 before parsing it, then goes on', async () => {
    for (const framing of [ndjsonFraming, contentLengthFraming]) {
      const { input, messages, errors, framingErrors } = streamPair(framing);
      const deep = `{"jsonrpc":"2.0","id":1,"method":"deep","params":${'['.repeat(5_000)}${']'.repeat(5_000)}}`;
      const bytes = framing === ndjsonFraming ? `${deep}\n` : `Content-Length: ${deep.length}\r\n\r\n${deep}`;
      input.write(bytes);
      input.write(framing.encode({ jsonrpc: '2.0', method: 'after' }));
      await settle();
      expect(framingErrors.map((error) => error.kind)).toEqual(['too-deep']);
      expect(errors.map((error) => [error.code, error.data])).toEqual([[ErrorCodes.InvalidRequest, { kind: 'too-deep' }]]);
      expect(errors[0]?.message).toMatch(
        /^Invalid request: A message is nested deeper than 128 levels of arrays and objects and was skipped/,
      );
      expect(messages).toEqual([{ jsonrpc: '2.0', method: 'after' }]);
    }
  });

  it('closes when the input ends, delivering a last unterminated line first', async () => {
    const { input, messages, closes, transport, written } = streamPair(ndjsonFraming);
    input.end('{"last":1}');
    await settle();
    expect(messages).toEqual([{ last: 1 }]);
    expect(closes).toEqual(['the peer closed its output']);
    transport.send({ dropped: true });
    await settle();
    expect(written).toEqual([]);
  });

  it('closes once when this side closes it, ending the output', async () => {
    const { output, transport, closes } = streamPair();
    const ended = new Promise((resolve) => output.once('finish', resolve));
    transport.close();
    transport.close();
    await ended;
    expect(closes).toEqual(['closed by this side']);
  });

  it('closes, rather than crashing, when writing fails', async () => {
    const { output, closes } = streamPair();
    output.destroy(new Error('EPIPE'));
    await settle();
    expect(closes).toEqual(['writing failed: EPIPE']);
  });
});
