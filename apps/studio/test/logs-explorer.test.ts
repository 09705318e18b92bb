import { describe, expect, it } from 'vitest';
import { olderPageEnd, timestampMs } from '../src/data/logs/log-rows.ts';
import { histogramBuckets } from '../src/features/logs/histogram-buckets.ts';
import { toCsv } from '../src/features/logs/log-columns.ts';
import { logSourcePageOf } from '../src/features/logs/log-sources.ts';
import { parseRecent, withRun } from '../src/features/logs/recent-queries.ts';
import { NO_FILTERS, sourceLogsSql } from '../src/features/logs/source-sql.ts';
import { resolveRange } from '../src/features/logs/time-range.ts';

const edge = logSourcePageOf('edge-logs')!;
const DAY = 86_400_000;

describe('per-source SQL', () => {
  it('asks for the newest entries with the source fields as columns', () => {
    const sql = sourceLogsSql(edge, NO_FILTERS);
    expect(sql).toContain("metadata->'response'->>'status_code' as status");
    expect(sql).toMatch(/from edge_logs\norder by timestamp desc\nlimit 100$/);
  });

  it('keeps typed text inside one string constant', () => {
    const sql = sourceLogsSql(edge, { search: "x' or 1=1; drop table t; --", status: null, method: null });
    expect(sql).toContain("event_message ilike '%x'' or 1=1; drop table t; --%'");
    // Backslashes, % and _ are matched literally (E'' form doubles the backslash).
    expect(sourceLogsSql(edge, { search: '50%_\\', status: null, method: null })).toContain("ilike E'%50\\\\%\\\\_\\\\\\\\%'");
    expect(sourceLogsSql(edge, { search: 'a\0b', status: null, method: null })).toContain("ilike '%ab%'");
  });

  it('filters by status class and method where the source has them', () => {
    const sql = sourceLogsSql(edge, { search: '', status: '5xx', method: 'POST' });
    expect(sql).toContain("(metadata->'response'->>'status_code') like '5__'");
    expect(sql).toContain("(metadata->'request'->>'method') = 'POST'");
    expect(sourceLogsSql(logSourcePageOf('postgres-logs')!, { search: '', status: '5xx', method: 'POST' })).not.toContain('where');
  });
});

describe('time range', () => {
  const now = Date.parse('2026-03-10T12:00:00Z');
  it('clips a start older than the plan keeps logs, and says from what', () => {
    const range = resolveRange({ kind: 'custom', start: '2026-03-01T00:00:00Z', end: '2026-03-10T11:00:00Z' }, 'pro', now);
    expect(range.start.getTime()).toBe(now - 7 * DAY);
    expect(range.clippedFrom?.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(resolveRange({ kind: 'relative', id: 'last-24-hours' }, 'free', now).clippedFrom).toBeNull();
  });
});

describe('rows', () => {
  it('reads ISO, Postgres text and microsecond timestamps', () => {
    const ms = Date.parse('2026-03-10T12:00:00.123Z');
    expect(timestampMs('2026-03-10T12:00:00.123Z')).toBe(ms);
    expect(timestampMs('2026-03-10 12:00:00.123+00')).toBe(ms);
    expect(timestampMs(ms * 1000)).toBe(ms);
  });

  it('ends the older page a millisecond after the oldest row, and stops when a page is short', () => {
    const rows = [{ id: 'a', timestamp: '2026-03-10T12:00:05.000Z' }, { id: 'b', timestamp: '2026-03-10T12:00:01.000Z' }];
    expect(olderPageEnd({ result: rows }, [{ result: rows }], '2026-03-10T11:00:00Z', 2)).toBe('2026-03-10T12:00:01.001Z');
    expect(olderPageEnd({ result: rows }, [{ result: rows }], '2026-03-10T11:00:00Z', 3)).toBeUndefined();
    // Free SQL: a page that brings nothing new ends it.
    expect(olderPageEnd({ result: rows }, [{ result: rows }, { result: rows }], undefined, undefined)).toBeUndefined();
  });

  it('counts rows per bucket across the range', () => {
    const start = Date.parse('2026-03-10T11:00:00Z');
    const { step, buckets } = histogramBuckets([{ timestamp: '2026-03-10T11:00:30Z' }, { timestamp: '2026-03-10T11:59:59Z' }, { timestamp: '2026-03-10T11:00:10Z' }], start, start + 3_600_000);
    expect(step).toBe(60_000);
    expect(buckets).toHaveLength(60);
    expect(buckets[0].count).toBe(2);
    expect(buckets[59].count).toBe(1);
  });

  it('writes CSV with quotes doubled and objects as JSON', () => {
    expect(toCsv([{ a: 'x,"y"', b: { c: 1 } }, { a: null }])).toBe('a,b\r\n"x,""y""","{""c"":1}"\r\n,\r\n');
  });
});

describe('recent queries', () => {
  it('moves a query run again to the top and keeps 20', () => {
    let list = parseRecent(null);
    for (let i = 0; i < 25; i++) list = withRun(list, `select ${i}`, `t${i}`);
    list = withRun(list, 'select 10', 'again');
    expect(list).toHaveLength(20);
    expect(list[0]).toEqual({ sql: 'select 10', ranAt: 'again' });
    expect(list.filter((entry) => entry.sql === 'select 10')).toHaveLength(1);
    expect(parseRecent('not json')).toEqual([]);
  });
});
