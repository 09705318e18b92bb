import type { ReactElement } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { FunctionStats } from '@plinth/api-contract';

const AXIS = { stroke: 'var(--color-fg-subtle)', fontSize: 11, tickLine: false, axisLine: false } as const;
const TOOLTIP_STYLE = { backgroundColor: 'var(--color-surface-2)', border: '1px solid var(--color-line-strong)', borderRadius: 6, fontSize: 12 };

const timeOnly = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dayAndTime = new Intl.DateTimeFormat(undefined, { weekday: 'short', hour: '2-digit' });
const full = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function tickFormatter(interval: FunctionStats['interval']) {
  return (value: string) => (interval === '7d' ? dayAndTime : timeOnly).format(new Date(value));
}

function ChartFrame({ title, children }: { title: string; children: ReactElement }) {
  return (
    <figure className="rounded-lg border border-line bg-surface p-4">
      <figcaption className="mb-3 text-sm font-medium text-fg">{title}</figcaption>
      <div className="h-56">
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

/** Invocations and errors per bucket, and p50/p95 duration (gaps where nothing ran). */
export function StatsCharts({ stats }: { stats: FunctionStats }) {
  const format = tickFormatter(stats.interval);
  const label = (value: unknown) => full.format(new Date(String(value)));
  const data = stats.buckets.map((bucket) => ({ ...bucket, ok: bucket.count - bucket.errors }));
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="function-stats-charts">
      <ChartFrame title="Invocations">
        <BarChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid stroke="var(--color-line)" vertical={false} />
          <XAxis dataKey="timestamp" tickFormatter={format} minTickGap={24} {...AXIS} />
          <YAxis allowDecimals={false} {...AXIS} />
          <Tooltip contentStyle={TOOLTIP_STYLE} labelFormatter={label} cursor={{ fill: 'var(--color-surface-3)', opacity: 0.4 }} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="ok" name="Succeeded" stackId="count" fill="var(--color-brand)" isAnimationActive={false} />
          <Bar dataKey="errors" name="Errors (5xx)" stackId="count" fill="var(--color-danger)" isAnimationActive={false} />
        </BarChart>
      </ChartFrame>
      <ChartFrame title="Execution time (ms)">
        <LineChart data={data} margin={{ top: 4, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid stroke="var(--color-line)" vertical={false} />
          <XAxis dataKey="timestamp" tickFormatter={format} minTickGap={24} {...AXIS} />
          <YAxis {...AXIS} />
          <Tooltip contentStyle={TOOLTIP_STYLE} labelFormatter={label} formatter={(value) => (value === null ? '—' : `${value} ms`)} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Line type="monotone" dataKey="p50_ms" name="p50" stroke="var(--color-brand)" dot={{ r: 2.5 }} connectNulls isAnimationActive={false} />
          <Line type="monotone" dataKey="p95_ms" name="p95" stroke="var(--color-warning)" dot={{ r: 2.5 }} connectNulls isAnimationActive={false} />
        </LineChart>
      </ChartFrame>
    </div>
  );
}
