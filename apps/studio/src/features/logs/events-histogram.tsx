import { Bar, BarChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { LogRow } from '../../data/logs/log-rows.ts';
import { histogramBuckets } from './histogram-buckets.ts';

const AXIS = { stroke: 'var(--color-fg-subtle)', fontSize: 10, tickLine: false, axisLine: false } as const;
const TOOLTIP_STYLE = { backgroundColor: 'var(--color-surface-2)', border: '1px solid var(--color-line-strong)', borderRadius: 6, fontSize: 12 };
const time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dayTime = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
const full = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/**
 * Events over time: the shown rows counted per bucket across the queried range. Loaded on its own
 * (recharts is large) the first time a result with timestamps appears.
 */
export function EventsHistogram({ rows, startMs, endMs }: { rows: readonly LogRow[]; startMs: number; endMs: number }) {
  const { buckets } = histogramBuckets(rows, startMs, endMs);
  const format = endMs - startMs > 86_400_000 ? dayTime : time;
  return (
    <div className="h-24 w-full" data-testid="logs-histogram" aria-label="Events over time" role="img">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={buckets} margin={{ top: 4, right: 8, bottom: 0, left: -24 }} barCategoryGap={1}>
          <XAxis dataKey="time" tickFormatter={(value: number) => format.format(value)} minTickGap={40} {...AXIS} />
          <YAxis allowDecimals={false} width={48} {...AXIS} />
          <Tooltip
            contentStyle={TOOLTIP_STYLE}
            cursor={{ fill: 'var(--color-surface-3)', opacity: 0.4 }}
            labelFormatter={(value) => full.format(Number(value))}
            formatter={(value) => [value, 'Events']}
          />
          <Bar dataKey="count" fill="var(--color-brand)" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
