/** Turning log query rows into what the charts plot: numbers per time bucket, or per category. */
import { timestampMs, type LogRow } from '../../data/logs/log-rows.ts';
import { bucketTimes, type ReportRange } from './report-range.ts';

export type ChartPoint = { x: number | string } & Record<string, number | string | null>;

/** A value as a number for plotting (numeric text and bigint-as-text included); null when it is none. */
export function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

const DATE_TEXT = /^\d{4}-\d\d-\d\d[T ]\d\d:\d\d/;

/** Whether a column holds times (ISO or Postgres text) in every row that has a value. */
export function isTimeColumn(rows: readonly LogRow[], column: string): boolean {
  let seen = 0;
  for (const row of rows) {
    const value = row[column];
    if (value === null || value === undefined) continue;
    if (typeof value !== 'string' || !DATE_TEXT.test(value) || timestampMs(value) === null) return false;
    seen += 1;
  }
  return seen > 0;
}

/**
 * Whether a column holds numbers in every row that has a value. Rows arrive as JSON, so SQL numbers
 * (counts, sums, round()) are numbers; text that looks like one (a status read with ->>) is a category.
 */
export function isNumericColumn(rows: readonly LogRow[], column: string): boolean {
  let seen = 0;
  for (const row of rows) {
    const value = row[column];
    if (value === null || value === undefined) continue;
    if (typeof value !== 'number' || !Number.isFinite(value)) return false;
    seen += 1;
  }
  return seen > 0;
}

/**
 * Rows with a bucket time each (the `bucket` column) spread over every bucket of the range, so
 * quiet spans show as such rather than disappearing.
 */
export function fillBuckets(
  rows: readonly LogRow[],
  range: Pick<ReportRange, 'start' | 'end' | 'bucketSeconds'>,
  keys: readonly string[],
  /** What a bucket without rows holds: 0 for counts, null for figures such as latency (a gap in the line). */
  missing: 0 | null = 0,
  timeColumn = 'bucket',
): ChartPoint[] {
  const step = range.bucketSeconds * 1000;
  const byTime = new Map<number, LogRow>();
  for (const row of rows) {
    const ms = timestampMs(row[timeColumn]);
    if (ms !== null) byTime.set(Math.floor(ms / step) * step, row);
  }
  return bucketTimes(range).map((time) => {
    const row = byTime.get(time);
    const point: ChartPoint = { x: time };
    for (const key of keys) point[key] = row ? (numberOf(row[key]) ?? missing) : missing;
    return point;
  });
}

/** A custom chart's rows as points: x as time (sorted) or as text in the query's order, y as numbers. */
export function pointsOf(rows: readonly LogRow[], x: string, y: readonly string[]): { points: ChartPoint[]; isTime: boolean } {
  const isTime = isTimeColumn(rows, x);
  const points = rows.map((row) => {
    const raw = row[x];
    const point: ChartPoint = { x: isTime ? (timestampMs(raw) ?? 0) : raw === null || raw === undefined ? '' : typeof raw === 'object' ? JSON.stringify(raw) : String(raw) };
    for (const key of y) point[key] = numberOf(row[key]);
    return point;
  });
  if (isTime) points.sort((a, b) => (a.x as number) - (b.x as number));
  return { points, isTime };
}
