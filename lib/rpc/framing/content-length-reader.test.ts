import { describe, expect, it } from 'vitest';
import { createContentLengthReader, encodeContentLengthMessage } from './content-length-reader';
import type { FramingError } from './framing-error';
import type { MessageReaderOptions } from './message-framing';

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text);
const frame = (body: string) => `Content-Length: ${encoder.encode(body).byteLength}\r\n\r\n${body}`;
const next = { jsonrpc: '2.0', method: 'next/message' };
const nextFrame = frame(JSON.stringify(next));

function reader(options: Partial<MessageReaderOptions> & { maxHeaderBytes?: number } = {}) {
  const messages: unknown[] = [];
  const errors: FramingError[] = [];
  const instance = createContentLengthReader({
    onMessage: (message) => messages.push(message),
    onError: (error) => errors.push(error),
    ...options,
  });
  return { messages, errors, push: (text: string) => instance.push(bytes(text)), reader: instance };
}

describe('Content-Length reader', () => {
  it('decodes several messages in one read', () => {
    const { messages, errors, push } = reader();
    push(frame('{"id":1}') + frame('[1,2]') + frame('"three"'));
    expect(messages).toEqual([{ id: 1 }, [1, 2], 'three']);
    expect(errors).toEqual([]);
  });

  it('decodes a message fed one byte at a time, splitting the header and a multi-byte character', () => {
    const { messages, errors, reader: instance } = reader();
    const wire = encodeContentLengthMessage({ text: 'naïve 🎉 ✓' });
    for (const byte of wire) instance.push(Uint8Array.of(byte));
    expect(messages).toEqual([{ text: 'naïve 🎉 ✓' }]);
    expect(errors).toEqual([]);
  });

  it('reads header names in any case and ignores unknown fields', () => {
    const { messages, push } = reader();
    push('content-length: 2\r\nX-Trace: abc\r\n\r\n[]');
    push('CONTENT-LENGTH:3\r\n\r\n[1]');
    expect(messages).toEqual([[], [1]]);
  });

  it.each([
    'application/vscode-jsonrpc; charset=utf-8',
    'application/json; charset=UTF8',
    'application/json; charset="utf-8"',
    'application/json',
  ])('accepts Content-Type %s', (contentType) => {
    const { messages, errors, push } = reader();
    push(`Content-Length: 2\r\ncontent-type: ${contentType}\r\n\r\n{}`);
    expect(messages).toEqual([{}]);
    expect(errors).toEqual([]);
  });

  it('refuses another charset once, skips that message by its length and reads the next', () => {
    const { messages, errors, push } = reader();
    push(`Content-Length: 9\r\nContent-Type: application/json; charset=latin1\r\n\r\n{"a":"b"}${nextFrame}`);
    expect(errors.map((error) => error.kind)).toEqual(['unsupported-charset']);
    expect(errors[0]?.message).toMatch(/latin1.*only utf-8/);
    expect(messages).toEqual([next]);
  });

  it('accepts bare LF line endings and blank lines before a header', () => {
    const { messages, errors, push } = reader();
    push('\r\n\r\nContent-Length: 2\n\n{}');
    expect(messages).toEqual([{}]);
    expect(errors).toEqual([]);
  });

  describe.each([
    ['no Content-Length', 'Content-Type: application/json\r\n\r\n{"lost":true}', 'missing-content-length', /no Content-Length/],
    ['a non-numeric Content-Length', 'Content-Length: twelve\r\n\r\n{"lost":true}', 'invalid-content-length', /must be a number.*"twelve"/],
    ['a negative Content-Length', 'Content-Length: -13\r\n\r\n{"lost":true}', 'invalid-content-length', /must not be negative.*"-13"/],
    [
      'an absurd Content-Length',
      'Content-Length: 99999999999999999999\r\n\r\n{"lost":true}',
      'invalid-content-length',
      /beyond any plausible/,
    ],
    ['a bad Content-Length after another field', 'X-Trace: 1\r\n  Content-Length: x\r\n\r\n{"lost":true}', 'invalid-content-length', /"x"/],
    [
      'two different Content-Lengths',
      'Content-Length: 13\r\nContent-Length: 14\r\n\r\n{"lost":true}',
      'invalid-content-length',
      /given twice/,
    ],
    ['a header line with no colon', 'Content-Length 13\r\n\r\n{"lost":true}', 'malformed-header', /no colon.*"Content-Length 13"/],
    ['a line of garbage', 'not a header at all\r\n', 'malformed-header', /no colon.*"not a header at all"/],
  ])('after %s', (_case, bad, kind, message) => {
    it('reports it once and decodes the next message, in one read', () => {
      const { messages, errors, push } = reader();
      push(bad + nextFrame);
      expect(errors.map((error) => error.kind)).toEqual([kind]);
      expect(errors[0]?.message).toMatch(message);
      expect(messages).toEqual([next]);
    });

    it('reports it once and decodes the next message, byte by byte', () => {
      const { messages, errors, reader: instance } = reader();
      for (const byte of bytes(bad + nextFrame + nextFrame)) instance.push(Uint8Array.of(byte));
      expect(errors.map((error) => error.kind)).toEqual([kind]);
      expect(messages).toEqual([next, next]);
    });
  });

  it('finds a header that garbage without a newline was glued onto', () => {
    const { messages, errors, push } = reader();
    push(`{"half a messa${nextFrame}`);
    expect(errors.map((error) => error.kind)).toEqual(['missing-content-length']);
    expect(messages).toEqual([next]);
  });

  it('reports a body that is not JSON once, skips it by its length and reads the next', () => {
    const { messages, errors, push } = reader();
    push(frame('{"jsonrpc": "2.0", "method"') + nextFrame);
    expect(errors.map((error) => error.kind)).toEqual(['invalid-json']);
    expect(errors[0]?.message).toMatch(/not JSON.*jsonrpc/);
    expect(messages).toEqual([next]);
  });

  it('reports an empty body as not JSON', () => {
    const { messages, errors, push } = reader();
    push(`Content-Length: 0\r\n\r\n${nextFrame}`);
    expect(errors.map((error) => error.kind)).toEqual(['invalid-json']);
    expect(messages).toEqual([next]);
  });

  it('refuses an oversize message as soon as its header arrives, drops its bytes as they stream, and reads the next', () => {
    const { messages, errors, push, reader: instance } = reader({ maxMessageBytes: 1024 });
    push('Content-Length: 5000000\r\n\r\n');
    expect(errors.map((error) => error.kind)).toEqual(['message-too-large']);
    expect(errors[0]?.message).toMatch(/5000000 bytes exceeds the 1024-byte limit/);
    const slab = new Uint8Array(65_536).fill(0x61);
    for (let sent = 0; sent < 5_000_000; sent += slab.length) {
      instance.push(slab.subarray(0, Math.min(slab.length, 5_000_000 - sent)));
    }
    push(nextFrame);
    expect(messages).toEqual([next]);
    expect(errors).toHaveLength(1);
  });

  it('accepts a message of exactly the cap', () => {
    const body = JSON.stringify({ fill: 'x'.repeat(100) });
    const { messages, errors, push } = reader({ maxMessageBytes: body.length });
    push(frame(body));
    expect(errors).toEqual([]);
    expect(messages).toHaveLength(1);
  });

  it('reports a header block that never ends once and reads the next message', () => {
    const { messages, errors, push } = reader({ maxHeaderBytes: 64 });
    push(`X-Noise: ${'z'.repeat(500)}`);
    push(`\r\n\r\n${nextFrame}`);
    expect(errors.map((error) => error.kind)).toEqual(['header-too-large']);
    expect(messages).toEqual([next]);
  });

  it('reports each of two bad headers in a row', () => {
    const { messages, errors, push } = reader();
    push(`Content-Length: x\r\n\r\nContent-Length: -1\r\n\r\n${nextFrame}`);
    expect(errors.map((error) => error.kind)).toEqual(['invalid-content-length', 'invalid-content-length']);
    expect(messages).toEqual([next]);
  });

  it('reports a stream that ends inside a body or a header', () => {
    const inBody = reader();
    inBody.push('Content-Length: 10\r\n\r\n{"a"');
    inBody.reader.end();
    expect(inBody.errors.map((error) => error.kind)).toEqual(['truncated-message']);
    expect(inBody.errors[0]?.message).toMatch(/4 of 10 bytes/);
    const inHeader = reader();
    inHeader.push('Content-Len');
    inHeader.reader.end();
    expect(inHeader.errors.map((error) => error.kind)).toEqual(['truncated-message']);
    inHeader.push(nextFrame);
    expect(inHeader.messages).toEqual([next]);
  });

  it("hands over the body's text unparsed in text mode", () => {
    const { messages, errors, push } = reader({ decode: 'text' });
    push(frame('not json, ünïcode'));
    expect(messages).toEqual(['not json, ünïcode']);
    expect(errors).toEqual([]);
  });

  it('keeps no reference to the bytes it was given', () => {
    const { messages, reader: instance } = reader();
    const wire = encodeContentLengthMessage({ value: 'abcdef' });
    const chunk = wire.slice(0, wire.length - 3);
    instance.push(chunk);
    chunk.fill(0x20);
    instance.push(wire.subarray(wire.length - 3));
    expect(messages).toEqual([{ value: 'abcdef' }]);
  });
});

describe('Content-Length writer', () => {
  it('counts the body in bytes, not characters', () => {
    const wire = new TextDecoder().decode(encodeContentLengthMessage({ text: '🎉' }));
    expect(wire).toBe(`Content-Length: ${'{"text":"🎉"}'.length + 2}\r\n\r\n{"text":"🎉"}`);
  });

  it('refuses a value JSON cannot carry', () => {
    expect(() => encodeContentLengthMessage(undefined)).toThrow(TypeError);
  });
});
