/**
 * Reading rows the logs endpoint answers: their time, their identity, and where the next older page
 * ends. Rows are whatever the SQL selected; the event fields (`id`, `timestamp`) are used when present.
 */
import type { LogsQueryResult } from '@plinth/api-contract';

export type LogRow = Record<string, unknown>;

/**
 * A row's time in ms since the epoch: an ISO or Postgres-text timestamp, or a number in
 * microseconds (Supabase's BigQuery rows), milliseconds or seconds.
 */
export function timestampMs(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) {
    if (Math.abs(value) > 1e14) return value / 1000;
    if (Math.abs(value) > 1e11) return value;
    return value * 1000;
  }
  if (typeof value !== 'string' || value === '') return null;
  // Postgres' text form: "2026-01-01 10:00:00.123456+00".
  const iso = value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

export function rowTimestampMs(row: LogRow): number | null {
  return timestampMs(row.timestamp);
}

/** What tells two rows apart: the entry's id, else the whole row. */
export function rowKey(row: LogRow): string {
  const id = row.id;
  return typeof id === 'string' || typeof id === 'number' ? `id:${id}` : `row:${JSON.stringify(row)}`;
}

export function dedupeRows(rows: LogRow[]): LogRow[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = rowKey(row);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The oldest and newest times among rows that have one (null when none has). */
export function timeBounds(rows: LogRow[]): { oldest: number; newest: number } | null {
  let oldest = Infinity;
  let newest = -Infinity;
  for (const row of rows) {
    const ms = rowTimestampMs(row);
    if (ms === null) continue;
    if (ms < oldest) oldest = ms;
    if (ms > newest) newest = ms;
  }
  return oldest === Infinity ? null : { oldest, newest };
}

/**
 * Where the page older than `last` ends, or undefined when there is none: the oldest time shown plus
 * a millisecond, because the server's timestamps are finer than an ISO string and entries sharing the
 * oldest millisecond must not fall between two pages (the overlap is removed by id).
 */
export function olderPageEnd(
  last: LogsQueryResult,
  pages: LogsQueryResult[],
  rangeStart: string | undefined,
  pageSize: number | undefined,
): string | undefined {
  const rows = last.result ?? [];
  if (last.error || rows.length === 0) return undefined;
  if (pageSize !== undefined && rows.length < pageSize) return undefined;
  if (pageSize === undefined) {
    // Free SQL: stop once a page brings nothing new.
    const earlier = new Set(pages.slice(0, -1).flatMap((page) => (page.result ?? []).map(rowKey)));
    if (rows.every((row) => earlier.has(rowKey(row)))) return undefined;
  }
  const bounds = timeBounds(rows);
  if (!bounds) return undefined;
  const end = bounds.oldest + 1;
  const lastEnd = timestampMs(last.iso_timestamp_end);
  if (lastEnd !== null && end >= lastEnd) return undefined;
  const start = timestampMs(rangeStart);
  if (start !== null && end <= start) return undefined;
  return new Date(end).toISOString();
}
