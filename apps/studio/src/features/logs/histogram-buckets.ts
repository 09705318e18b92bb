/** Counting rows per time bucket for the events-over-time chart. */
import { rowTimestampMs, type LogRow } from '../../data/logs/log-rows.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const STEPS = [SECOND, 5 * SECOND, 15 * SECOND, 30 * SECOND, MINUTE, 5 * MINUTE, 10 * MINUTE, 15 * MINUTE, 30 * MINUTE, HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, 24 * HOUR];

export interface Bucket {
  /** Start of the bucket, ms since the epoch. */
  time: number;
  count: number;
}

/** The smallest round step that splits the span into at most `target` buckets. */
export function bucketStep(spanMs: number, target = 60): number {
  return STEPS.find((step) => spanMs / step <= target) ?? STEPS[STEPS.length - 1];
}

/** Rows counted per bucket over [startMs, endMs], empty buckets included so gaps show as gaps. */
export function histogramBuckets(rows: readonly LogRow[], startMs: number, endMs: number, target = 60): { step: number; buckets: Bucket[] } {
  const step = bucketStep(Math.max(endMs - startMs, SECOND), target);
  const first = Math.floor(startMs / step) * step;
  const count = Math.max(1, Math.ceil((endMs - first) / step));
  const buckets: Bucket[] = Array.from({ length: count }, (_, i) => ({ time: first + i * step, count: 0 }));
  for (const row of rows) {
    const ms = rowTimestampMs(row);
    if (ms === null || ms < first) continue;
    const index = Math.min(count - 1, Math.floor((ms - first) / step));
    buckets[index].count += 1;
  }
  return { step, buckets };
}
