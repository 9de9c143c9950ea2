/**
 * Properties both framings must keep, whatever the split of the stream and whatever garbage a
 * peer slips in. Garbage is inserted where the framing can recover from it: for NDJSON as whole
 * lines (garbage without a newline joins the next line, so that line is forced to be lost); for
 * Content-Length between messages, naming neither `Content-Length` nor `Content-Type` (a valid
 * header field in garbage is obeyed, so it is forced to spoil the message it applies to).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentLengthFraming, type ContentLengthReaderOptions } from './content-length-reader';
import type { FramingError } from './framing-error';
import type { MessageFraming } from './message-framing';
import { ndjsonFraming } from './ndjson-reader';

const framings = [contentLengthFraming, ndjsonFraming];

const jsonMessage = fc.jsonValue({ stringUnit: 'grapheme', maxDepth: 3 });
const messageList = fc.array(jsonMessage, { minLength: 1, maxLength: 12 });
const cutPoints = fc.array(fc.nat(), { maxLength: 24 });

/** What a message is after a trip through JSON text (e.g. -0 becomes 0). */
const roundTrip = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

function concat(parts: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return bytes;
}

/** The stream cut at the given points (taken modulo its length): what separate reads would give. */
function split(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let start = 0;
  for (const point of [...points, bytes.length]) {
    chunks.push(bytes.subarray(start, point));
    start = point;
  }
  return chunks;
}

function readAll(framing: MessageFraming, chunks: Uint8Array[], options: Partial<ContentLengthReaderOptions> = {}) {
  const messages: unknown[] = [];
  const errors: FramingError[] = [];
  const reader = framing.createReader({
    onMessage: (message) => messages.push(message),
    onError: (error) => errors.push(error),
    ...options,
  });
  for (const chunk of chunks) reader.push(chunk);
  reader.end();
  return { messages, errors, reader };
}

describe.each(framings)('$name framing properties', (framing) => {
  it('decodes any stream of valid messages, split at any points, to the same messages', () => {
    fc.assert(
      fc.property(messageList, cutPoints, (messages, cuts) => {
        const wire = concat(messages.map((message) => framing.encode(message)));
        const { messages: decoded, errors } = readAll(framing, split(wire, cuts));
        expect(errors).toEqual([]);
        expect(decoded).toEqual(messages.map(roundTrip));
      }),
    );
  });

  it('never throws on arbitrary bytes, and reads a valid message once the stream is restarted', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), cutPoints, fc.constantFrom(48, 4096), (garbage, cuts, cap) => {
        const message = { jsonrpc: '2.0', method: 'after/garbage' };
        const { messages, reader } = readAll(framing, split(garbage, cuts), { maxMessageBytes: cap });
        messages.length = 0;
        reader.push(framing.encode(message));
        reader.end();
        expect(messages).toEqual([message]);
      }),
    );
  });
});

const headerLikeGarbage = fc.constantFrom(
  'Content-Len',
  'X-Trace: 1\r\n',
  'X-Trace: 1\r\n\r\n',
  '\r\n',
  ':',
  'no colon here\r\n',
  'Content-Lengt',
  '{"jsonrpc":"2.0"}',
  ' ',
  '\r',
  '\n\n',
);
const garbageText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.array(headerLikeGarbage, { minLength: 1, maxLength: 4 }).map((parts) => parts.join('')),
);
const garbageBytes = fc
  .oneof(
    garbageText.map((text) => new TextEncoder().encode(text)),
    fc.uint8Array({ maxLength: 120 }),
  )
  .filter((bytes) => !/content-(length|type)/i.test(String.fromCharCode(...bytes)));

describe('Content-Length framing with garbage between messages', () => {
  it.each([8192, 64])('decodes every message, reporting at most one error per stretch of garbage (header cap %i)', (maxHeaderBytes) => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.option(garbageBytes, { nil: undefined }), jsonMessage), { minLength: 1, maxLength: 8 }),
        fc.option(garbageBytes, { nil: undefined }),
        cutPoints,
        (pairs, trailing, cuts) => {
          const parts: Uint8Array[] = [];
          for (const [garbage, message] of pairs) {
            if (garbage) parts.push(garbage);
            parts.push(contentLengthFraming.encode(message));
          }
          if (trailing) parts.push(trailing);
          const stretches = parts.length - pairs.length;
          const { messages, errors } = readAll(contentLengthFraming, split(concat(parts), cuts), { maxHeaderBytes });
          expect(messages).toEqual(pairs.map(([, message]) => roundTrip(message)));
          expect(errors.length).toBeLessThanOrEqual(stretches);
        },
      ),
    );
  });
});

describe('NDJSON framing with garbage lines', () => {
  const lineGarbage = fc
    .oneof(
      fc.string({ unit: 'binary', maxLength: 80 }).map((text) => new TextEncoder().encode(text)),
      fc.uint8Array({ maxLength: 300 }),
      fc.constantFrom('\uFEFF1', '\uFEFF', '  \r', '{"a":', '"\uD800"').map((text) => new TextEncoder().encode(text)),
    )
    .map((bytes) => bytes.filter((byte) => byte !== 0x0a));

  it.each([4 * 1024 * 1024, 128])('decodes every line that is JSON and reports each other non-blank line once (cap %i)', (cap) => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            jsonMessage.map((message) => ({ message })),
            lineGarbage.map((garbage) => ({ garbage })),
          ),
          {
            maxLength: 16,
          },
        ),
        cutPoints,
        (lines, cuts) => {
          const expected: unknown[] = [];
          let expectedErrors = 0;
          const parts: Uint8Array[] = [];
          for (const line of lines) {
            const bytes = 'message' in line ? ndjsonFraming.encode(line.message) : concat([line.garbage, Uint8Array.of(0x0a)]);
            parts.push(bytes);
            const outcome = expectedOutcome(bytes.subarray(0, bytes.length - 1), cap, parts.length === 1);
            if (outcome === 'error') expectedErrors++;
            else if (outcome !== 'blank') expected.push(outcome.value);
          }
          const { messages, errors } = readAll(ndjsonFraming, split(concat(parts), cuts), { maxMessageBytes: cap });
          expect(messages).toEqual(expected);
          expect(errors).toHaveLength(expectedErrors);
        },
      ),
    );
  });
});

/**
 * What one NDJSON line (without its newline) should yield, worked out independently of the
 * reader. A byte-order mark is dropped at the start of the stream only, as a UTF-8 decoder does.
 */
function expectedOutcome(line: Uint8Array, cap: number, firstLine: boolean): 'blank' | 'error' | { value: unknown } {
  const content = line[line.length - 1] === 0x0d ? line.subarray(0, line.length - 1) : line;
  if (content.length > cap) return 'error';
  const text = new TextDecoder('utf-8', { ignoreBOM: !firstLine }).decode(content);
  if (/^[ \t\r]*$/.test(text)) return 'blank';
  try {
    return { value: JSON.parse(text) };
  } catch {
    return 'error';
  }
}
