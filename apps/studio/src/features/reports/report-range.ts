/**
 * The reports' time range: the logs explorer's "last …" choices plus the last 7 days, resolved when
 * the page reads and clipped to the plan's log retention as the explorer clips (the server clips too).
 */
import type { Plan } from '@plinth/plans';
import { bucketStep } from '../logs/histogram-buckets.ts';
import { RELATIVE_RANGES, retentionDaysOf } from '../logs/time-range.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const REPORT_RANGES = [...RELATIVE_RANGES, { id: 'last-7-days', label: 'Last 7 days', minutes: 7 * 24 * 60 }] as const;
export type ReportRangeId = (typeof REPORT_RANGES)[number]['id'];
export const DEFAULT_REPORT_RANGE: ReportRangeId = 'last-24-hours';

export function isReportRangeId(value: string | null): value is ReportRangeId {
  return REPORT_RANGES.some((range) => range.id === value);
}

export interface ReportRange {
  id: ReportRangeId;
  /** ISO timestamps, as the logs endpoint takes them. */
  start: string;
  end: string;
  /** Set when the plan keeps logs for less than the range: the start asked for. */
  clippedFrom: Date | null;
  /** The bucket of the over-time charts, in seconds: at most about 60 buckets across the range. */
  bucketSeconds: number;
}

export function resolveReportRange(id: ReportRangeId, plan: Plan | undefined, now = Date.now()): ReportRange {
  const minutes = REPORT_RANGES.find((range) => range.id === id)?.minutes ?? 60;
  const asked = now - minutes * MINUTE;
  const days = retentionDaysOf(plan);
  const earliest = days === null ? -Infinity : now - days * DAY;
  const start = Math.max(asked, earliest);
  return {
    id,
    start: new Date(start).toISOString(),
    end: new Date(now).toISOString(),
    clippedFrom: asked < earliest ? new Date(asked) : null,
    bucketSeconds: Math.max(1, bucketStep(now - start) / 1000),
  };
}

/** Buckets from the range's start to its end, so spans without traffic show as gaps, not as nothing. */
export function bucketTimes(range: Pick<ReportRange, 'start' | 'end' | 'bucketSeconds'>): number[] {
  const step = range.bucketSeconds * 1000;
  const first = Math.floor(Date.parse(range.start) / step) * step;
  const end = Date.parse(range.end);
  const times: number[] = [];
  for (let time = first; time <= end; time += step) times.push(time);
  return times;
}
