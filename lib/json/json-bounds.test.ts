import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isJsonTextTooDeep, jsonTextDepth, MAX_JSON_DEPTH, measureJsonValue } from './json-bounds';

/** The depth as a recursive walk sees it, for values shallow enough to walk. */
function recursiveDepth(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  const members = Array.isArray(value) ? value : Object.values(value);
  return 1 + Math.max(0, ...members.map(recursiveDepth));
}

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('jsonTextDepth', () => {
  it('agrees with the parsed value for any JSON, whatever its strings hold', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        const text = JSON.stringify(value);
        expect(jsonTextDepth(text, Infinity)).toBe(recursiveDepth(value));
      }),
    );
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonTextDepth('{"a":"[[[{\\"[["}')).toBe(1);
    expect(jsonTextDepth('["\\\\", [1]]')).toBe(2);
  });

  it('stops past the limit, so a megabyte of brackets is refused at the first excess', () => {
    const deep = nested(1_000_000);
    expect(jsonTextDepth(deep, 10)).toBe(11);
    expect(isJsonTextTooDeep(deep)).toBe(true);
    expect(isJsonTextTooDeep(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(isJsonTextTooDeep(nested(MAX_JSON_DEPTH + 1))).toBe(true);
  });
});

describe('measureJsonValue', () => {
  it('counts exactly the bytes JSON.stringify writes, and the depth', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), (value) => {
        expect(measureJsonValue(value)).toEqual({ depth: recursiveDepth(value), bytes: utf8Bytes(JSON.stringify(value)) });
      }),
    );
  });

  it('counts what JSON.stringify leaves out or rewrites', () => {
    const value = {
      skipped: undefined,
      fn: () => 1,
      list: [undefined, () => 1, Symbol('s'), Number.NaN, -0],
      date: new Date(0),
      text: 'é😀\u2028\n"\\\u0001\ud800',
    };
    expect(measureJsonValue(value).bytes).toBe(utf8Bytes(JSON.stringify(value)));
  });

  it('measures a value nested 100,000 deep without overflowing the stack, and stops at the limit', () => {
    const deep = JSON.parse(nested(100_000)) as unknown;
    expect(() => JSON.stringify(deep)).toThrow(RangeError);
    expect(measureJsonValue(deep)).toMatchObject({ depth: MAX_JSON_DEPTH + 1, over: 'depth' });
    expect(measureJsonValue(deep, { maxDepth: 200_000 })).toEqual({ depth: 100_000, bytes: 200_000 });
  });

  it('stops counting once past the byte limit', () => {
    const measure = measureJsonValue(
      Array.from({ length: 1000 }, () => 'x'.repeat(100)),
      { maxBytes: 1000 },
    );
    expect(measure.over).toBe('bytes');
    expect(measure.bytes).toBeLessThan(1200);
  });
});
