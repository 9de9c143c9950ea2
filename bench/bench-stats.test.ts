import { afterEach, describe, expect, it } from 'vitest';
import { interleaved, median, numbersFromEnv, percentile, ratio } from './bench-stats';

describe('percentile', () => {
  it('answers the nearest rank, whatever the order of the values', () => {
    const values = [5, 1, 4, 2, 3];
    expect(median(values)).toBe(3);
    expect(percentile(values, 99)).toBe(5);
    expect(percentile(values, 0)).toBe(1);
    expect(
      percentile(
        Array.from({ length: 100 }, (_value, index) => index + 1),
        99,
      ),
    ).toBe(99);
  });

  it('is NaN for no values', () => {
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('interleaved', () => {
  it("rotates which contender runs first and keeps each one's results apart", async () => {
    const order: string[] = [];
    const runAs = (name: string) => async () => {
      order.push(name);
      return name;
    };
    const results = await interleaved(4, [runAs('a'), runAs('b'), runAs('c')]);
    expect(order.join(' ')).toBe('a b c b c a c a b a b c');
    expect(results).toEqual([
      ['a', 'a', 'a', 'a'],
      ['b', 'b', 'b', 'b'],
      ['c', 'c', 'c', 'c'],
    ]);
  });
});

describe('ratio', () => {
  it('prints two decimals, and n/a when there is nothing to divide by', () => {
    expect(ratio(3, 4)).toBe('0.75x');
    expect(ratio(1, 0)).toBe('n/a');
    expect(ratio(Number.NaN, 1)).toBe('n/a');
  });
});

describe('numbersFromEnv', () => {
  afterEach(() => {
    delete process.env.BENCH_TEST_SIZES;
  });

  it('reads a comma-separated list, or answers the fallback', () => {
    expect(numbersFromEnv('BENCH_TEST_SIZES', [7])).toEqual([7]);
    process.env.BENCH_TEST_SIZES = '200, 1000';
    expect(numbersFromEnv('BENCH_TEST_SIZES', [7])).toEqual([200, 1000]);
  });

  it('refuses anything but positive integers, saying what it read', () => {
    process.env.BENCH_TEST_SIZES = '200,fast';
    expect(() => numbersFromEnv('BENCH_TEST_SIZES', [7])).toThrow(
      'BENCH_TEST_SIZES must be a comma-separated list of positive integers, not "200,fast"',
    );
  });
});
