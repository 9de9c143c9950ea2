/** A figure of the bench next to its baseline from the same run, and how to print a table of them. */

export interface BenchRow {
  /** Which bench item it belongs to, e.g. "4 browser". */
  item: string;
  metric: string;
  unit: string;
  value: number;
  /** The same figure for the baseline measured in the same run, when one makes sense. */
  baseline?: number;
  /** What the baseline is. */
  baselineLabel?: string;
  /** The machine's 1-minute load average while it was measured (first–last run), when recorded. */
  load?: string;
  /** The goal, e.g. "< 500"; the figure is compared with it. */
  goal?: { below: number };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function figure(value: number | undefined): string {
  if (value === undefined) return '';
  if (!Number.isFinite(value)) return String(value);
  return Math.abs(value) >= 100 ? Math.round(value).toLocaleString('en') : value.toFixed(1);
}

/** Value / baseline: below 1.00x means Baton's figure is smaller (for times, sizes: better). */
function ratio(row: BenchRow): string {
  if (row.baseline === undefined || row.baseline === 0) return '';
  return `${(row.value / row.baseline).toFixed(2)}x`;
}

function verdict(row: BenchRow): string {
  if (!row.goal) return '';
  return `< ${figure(row.goal.below)} ${row.value < row.goal.below ? 'met' : 'MISSED'}`;
}

/** Each row's baseline cell names what its baseline did, by a number listed under the table. */
export function formatBenchRows(rows: readonly BenchRow[]): string {
  const withLoad = rows.some((row) => row.load !== undefined);
  const labels = [...new Set(rows.flatMap((row) => (row.baselineLabel ? [`${row.item}: ${row.baselineLabel}`] : [])))];
  const labelMark = (row: BenchRow) =>
    row.baselineLabel && row.baseline !== undefined ? ` [${labels.indexOf(`${row.item}: ${row.baselineLabel}`) + 1}]` : '';
  const header = ['item', 'metric', 'unit', 'Baton', 'baseline', 'Baton/base', 'goal', ...(withLoad ? ['load'] : [])];
  const body = rows.map((row) => [
    row.item,
    row.metric,
    row.unit,
    figure(row.value),
    `${figure(row.baseline)}${labelMark(row)}`,
    ratio(row),
    verdict(row),
    ...(withLoad ? [row.load ?? ''] : []),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => cells[column]?.length ?? 0)));
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column < 3 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ');
  return [line(header), ...body.map(line), '', ...labels.map((label, index) => `baseline [${index + 1}] ${label}`)].join('\n');
}
