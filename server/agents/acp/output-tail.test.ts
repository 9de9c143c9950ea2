import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_OUTPUT_BYTE_LIMIT, OutputTail } from './output-tail';

/** What the spec asks for: the last `limit` bytes of everything, from the first whole character. */
function expectedTail(all: string, limit: number): { text: string; truncated: boolean } {
  const bytes = Buffer.from(all, 'utf8');
  if (bytes.length <= limit) return { text: all, truncated: false };
  let start = bytes.length - limit;
  while (start < bytes.length && (bytes[start]! & 0xc0) === 0x80) start += 1;
  return { text: bytes.subarray(start).toString('utf8'), truncated: true };
}

describe('OutputTail', () => {
  it('keeps exactly the last bytes on a character boundary, however the output is cut into chunks', () => {
    const chunk = fc.string({ unit: fc.constantFrom('a', 'é', '€', '🎉', '\n'), maxLength: 40 });
    fc.assert(
      fc.property(fc.array(chunk, { maxLength: 60 }), fc.integer({ min: 0, max: 120 }), (chunks, limit) => {
        const tail = new OutputTail(limit);
        chunks.forEach((text, index) => {
          tail.append(text);
          // Read now and then, as an agent polling terminal/output does.
          if (index % 7 === 0) expect(tail.text()).toBe(expectedTail(chunks.slice(0, index + 1).join(''), limit).text);
        });
        const expected = expectedTail(chunks.join(''), limit);
        expect({ text: tail.text(), truncated: tail.truncated }).toEqual(expected);
      }),
    );
  });

  it('keeps at most the relay’s own limit whatever the agent asks for', () => {
    expect(new OutputTail(4 * 1024 ** 3).limit).toBe(MAX_OUTPUT_BYTE_LIMIT);
  });
});
