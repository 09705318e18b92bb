/**
 * Reading the hourly rows back: an organisation's (or one project's) figures over a period, and the
 * same per UTC day for the usage charts. Counters are summed; gauges are each project's highest
 * reading, summed across projects (metrics.ts).
 */
import type { Queryable } from '../../engines/types.ts';
import { GAUGES, METRICS, type Metric } from './metrics.ts';

export interface Period {
  start: Date;
  end: Date;
}

/** The billing cycle `now` falls in: the calendar month (UTC). */
export function billingCycleOf(now: Date): Period {
  return { start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)), end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)) };
}

interface Grouped {
  metric: Metric;
  project_ref: string;
  day: string | null;
  total: number;
  peak: number;
}

async function grouped(db: Queryable, organizationId: number, period: Period, projectRef: string | null, byDay: boolean): Promise<Grouped[]> {
  const day = byDay ? `to_char(hour at time zone 'UTC', 'YYYY-MM-DD')` : 'null::text';
  const { rows } = await db.query<Grouped>(
    `select metric, project_ref, ${day} as day, sum(value)::float8 as total, max(value)::float8 as peak
     from usage_hourly
     where organization_id = $1 and hour >= $2 and hour < $3 and ($4::text is null or project_ref = $4)
     group by 1, 2, 3`,
    [organizationId, period.start, period.end, projectRef],
  );
  return rows;
}

/** Each metric's figure from its rows; a metric with no rows is absent. */
function combine(rows: Grouped[]): Partial<Record<Metric, number>> {
  const totals: Partial<Record<Metric, number>> = {};
  for (const row of rows) {
    if (!(METRICS as readonly string[]).includes(row.metric)) continue;
    totals[row.metric] = (totals[row.metric] ?? 0) + (GAUGES.has(row.metric) ? Number(row.peak) : Number(row.total));
  }
  return totals;
}

export async function periodTotals(db: Queryable, organizationId: number, period: Period, projectRef: string | null = null): Promise<Record<Metric, number>> {
  const totals = combine(await grouped(db, organizationId, period, projectRef, false));
  return Object.fromEntries(METRICS.map((metric) => [metric, totals[metric] ?? 0])) as Record<Metric, number>;
}

export interface DailyPoint {
  date: string;
  /** Only the metrics metered that day: a chart can tell "not measured" (a future day) from 0. */
  values: Partial<Record<Metric, number>>;
}

/** One point per day of the period. */
export async function dailyTotals(db: Queryable, organizationId: number, period: Period, projectRef: string | null = null): Promise<DailyPoint[]> {
  const rows = await grouped(db, organizationId, period, projectRef, true);
  const byDay = new Map<string, Grouped[]>();
  for (const row of rows) byDay.set(row.day ?? '', [...(byDay.get(row.day ?? '') ?? []), row]);
  const points: DailyPoint[] = [];
  for (let t = period.start.getTime(); t < period.end.getTime(); t += 86_400_000) {
    const date = new Date(t).toISOString().slice(0, 10);
    points.push({ date, values: combine(byDay.get(date) ?? []) });
  }
  return points;
}
