/**
 * What every section of `npm run bench` shares: medians and percentiles, A/B runs interleaved so
 * that a busy moment on a shared machine weighs on both alike, ratios and a plain-text table.
 */
import os from 'node:os';

/** `--quick` (or BENCH_QUICK=1): smaller workloads, so the whole bench ends in a few minutes. */
export const QUICK = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile; NaN for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

/**
 * Runs each contender `runs` times, the order rotating by one each run (a, b, c; b, c, a; c, a, b),
 * and returns each one's results. Rotating, every contender goes first as often as the others and
 * follows each of them as often: with the order reversed every other run instead, the first of
 * three ran first in half the runs and twice in a row in the others, so whatever a long pause or
 * its neighbour left behind (a collection due in another process) fell on it more than on the rest.
 * Contenders run one at a time: never two measured things at once on a two-core machine.
 */
export async function interleaved<T>(runs: number, contenders: ReadonlyArray<() => Promise<T>>): Promise<T[][]> {
  const results: T[][] = contenders.map(() => []);
  for (let run = 0; run < runs; run += 1) {
    for (let step = 0; step < contenders.length; step += 1) {
      const index = (run + step) % contenders.length;
      results[index]!.push(await contenders[index]!());
    }
  }
  return results;
}

/** A ratio as printed: `0.73x`. */
export function ratio(value: number, baseline: number): string {
  if (!Number.isFinite(value) || !Number.isFinite(baseline) || baseline === 0) return 'n/a';
  return `${(value / baseline).toFixed(2)}x`;
}

export function formatNumber(value: number, digits = 0): string {
  if (!Number.isFinite(value)) return 'n/a';
  return value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** Columns right-aligned, two spaces apart. */
export function formatTable(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((cells) => cells[column]?.length ?? 0)));
  const line = (cells: readonly string[]) => cells.map((cell, column) => cell.padStart(widths[column] ?? 0)).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

export function section(title: string, notes: readonly string[] = []): void {
  console.log(`\n== ${title}`);
  for (const note of notes) console.log(note);
}

/** Numbers from an environment variable such as `BENCH_N=1000,5000`, or the fallback. */
export function numbersFromEnv(name: string, fallback: readonly number[]): number[] {
  const raw = process.env[name];
  if (!raw) return [...fallback];
  const values = raw.split(',').map((part) => Number(part.trim()));
  if (values.some((value) => !Number.isSafeInteger(value) || value <= 0)) {
    throw new Error(`${name} must be a comma-separated list of positive integers, not ${JSON.stringify(raw)}`);
  }
  return values;
}

/** The machine's 1-minute load average now, as printed beside a figure. */
export function loadAverage(): string {
  return os.loadavg()[0]!.toFixed(2);
}

/** The load average now and, through `until`, at the end of what was measured: `1.92–2.40`. */
export function loadRange(): { until(): string } {
  const from = loadAverage();
  return { until: () => `${from}–${loadAverage()}` };
}
