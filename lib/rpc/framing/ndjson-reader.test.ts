import { describe, expect, it } from 'vitest';
import type { FramingError } from './framing-error';
import type { MessageReaderOptions } from './message-framing';
import { createNdjsonReader, encodeNdjsonMessage } from './ndjson-reader';

const encoder = new TextEncoder();
const next = { jsonrpc: '2.0', method: 'next/message' };
const nextLine = `${JSON.stringify(next)}\n`;

function reader(options: Partial<MessageReaderOptions> = {}) {
  const messages: unknown[] = [];
  const errors: FramingError[] = [];
  const instance = createNdjsonReader({
    onMessage: (message) => messages.push(message),
    onError: (error) => errors.push(error),
    ...options,
  });
  return { messages, errors, push: (text: string) => instance.push(encoder.encode(text)), reader: instance };
}

describe('NDJSON reader', () => {
  it('skips a line nested deeper than the limit, reporting it once, and reads the next', () => {
    const { messages, errors, push } = reader({ maxDepth: 3 });
    push(`[[[1]]]\n[[[[1]]]]\n${nextLine}`);
    expect(messages).toEqual([[[[1]]], next]);
    expect(errors.map((error) => [error.kind, error.message])).toEqual([
      ['too-deep', 'A message is nested deeper than 3 levels of arrays and objects and was skipped: "[[[[1]]]]"'],
    ]);
  });

  it('decodes several lines in one read, with \\n and \\r\\n endings', () => {
    const { messages, errors, push } = reader();
    push('{"id":1}\n[2]\r\n"three"\n');
    expect(messages).toEqual([{ id: 1 }, [2], 'three']);
    expect(errors).toEqual([]);
  });

  it('decodes a line fed one byte at a time, splitting a multi-byte character', () => {
    const { messages, reader: instance } = reader();
    for (const byte of encodeNdjsonMessage({ text: 'naïve 🎉' })) instance.push(Uint8Array.of(byte));
    expect(messages).toEqual([{ text: 'naïve 🎉' }]);
  });

  it('ignores blank lines, including ones of spaces and carriage returns', () => {
    const { messages, errors, push } = reader();
    push(`\n\r\n   \n\t\r\n${nextLine}\n`);
    expect(messages).toEqual([next]);
    expect(errors).toEqual([]);
  });

  it('reports a line that is not JSON once and decodes the next', () => {
    const { messages, errors, push } = reader();
    push(`[info] agent starting\n${nextLine}`);
    expect(errors.map((error) => error.kind)).toEqual(['invalid-json']);
    expect(errors[0]?.message).toMatch(/not JSON.*agent starting/);
    expect(messages).toEqual([next]);
  });

  it('reports a line that is not JSON once when it arrives in pieces', () => {
    const { messages, errors, push } = reader();
    push('{"jsonrpc": "2.0", ');
    push('"method": }\r');
    push(`\n${nextLine}`);
    expect(errors.map((error) => error.kind)).toEqual(['invalid-json']);
    expect(messages).toEqual([next]);
  });

  it('refuses an overlong line once, dropping it as it streams, and decodes the next', () => {
    const { messages, errors, push } = reader({ maxMessageBytes: 64 });
    push('{"fill":"');
    for (let index = 0; index < 1000; index++) push('x'.repeat(100));
    expect(errors.map((error) => error.kind)).toEqual(['message-too-large']);
    push(`"}\n${nextLine}`);
    expect(errors).toHaveLength(1);
    expect(errors[0]?.message).toMatch(/64-byte limit/);
    expect(messages).toEqual([next]);
  });

  it('refuses an overlong line that arrives in one read and decodes the next', () => {
    const { messages, errors, push } = reader({ maxMessageBytes: 64 });
    push(`${JSON.stringify({ fill: 'x'.repeat(100) })}\n${nextLine}`);
    expect(errors.map((error) => error.kind)).toEqual(['message-too-large']);
    expect(messages).toEqual([next]);
  });

  it('accepts a line of exactly the cap, with a \\r\\n ending', () => {
    const line = JSON.stringify({ fill: 'x'.repeat(50) });
    const { messages, errors, push } = reader({ maxMessageBytes: line.length });
    push(line.slice(0, 10));
    push(`${line.slice(10)}\r`);
    push('\n');
    expect(errors).toEqual([]);
    expect(messages).toHaveLength(1);
  });

  it('delivers a last line without a newline when the stream ends', () => {
    const { messages, reader: instance, push } = reader();
    push('{"last":true}');
    expect(messages).toEqual([]);
    instance.end();
    expect(messages).toEqual([{ last: true }]);
  });

  it('reports a last line cut short when the stream ends', () => {
    const { errors, reader: instance, push } = reader();
    push('{"last":');
    instance.end();
    expect(errors.map((error) => error.kind)).toEqual(['invalid-json']);
  });

  it('drops a byte-order mark at the start of the stream only', () => {
    const { messages, errors, push } = reader();
    push(`\uFEFF{"first":1}\n\uFEFF{"second":2}\n${nextLine}`);
    expect(messages).toEqual([{ first: 1 }, next]);
    expect(errors.map((error) => error.kind)).toEqual(['invalid-json']);
  });

  it("hands over each line's text unparsed in text mode", () => {
    const { messages, push } = reader({ decode: 'text' });
    push('plain text\r\n');
    expect(messages).toEqual(['plain text']);
  });

  it('keeps no reference to the bytes it was given', () => {
    const { messages, reader: instance } = reader();
    const chunk = encoder.encode('{"value":"abc');
    instance.push(chunk);
    chunk.fill(0x20);
    instance.push(encoder.encode('def"}\n'));
    expect(messages).toEqual([{ value: 'abcdef' }]);
  });
});

describe('NDJSON writer', () => {
  it('writes one line, escaping newlines inside strings', () => {
    const text = new TextDecoder().decode(encodeNdjsonMessage({ text: 'two\nlines\u2028' }));
    expect(text).toBe('{"text":"two\\nlines\u2028"}\n');
    expect(text.indexOf('\n')).toBe(text.length - 1);
  });
});
