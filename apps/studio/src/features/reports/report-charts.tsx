/**
 * The reports' charts (recharts, as the edge functions' statistics and the logs histogram draw
 * theirs). Loaded on its own: recharts is large and only report pages need it.
 */
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartPoint } from './chart-data.ts';

export interface ChartSeries {
  key: string;
  name: string;
  color: string;
}

const AXIS = { stroke: 'var(--color-fg-subtle)', fontSize: 11, tickLine: false, axisLine: false } as const;
const TOOLTIP_STYLE = { backgroundColor: 'var(--color-surface-2)', border: '1px solid var(--color-line-strong)', borderRadius: 6, fontSize: 12 };
const timeOnly = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const dayAndTime = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
const full = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

interface ReportChartProps {
  data: ChartPoint[];
  series: ChartSeries[];
  kind: 'bar' | 'line';
  /** x holds ms since the epoch (time buckets) rather than categories. */
  isTime: boolean;
  /** Bars of one x on top of each other (parts of a whole) rather than side by side. */
  isStacked?: boolean;
  formatValue?: (value: number) => string;
  /** Read by screen readers in place of the drawing. */
  label: string;
  testId?: string;
  height?: number;
}

export function ReportChart({ data, series, kind, isTime, isStacked = false, formatValue, label, testId, height = 224 }: ReportChartProps) {
  const times = isTime ? data.map((point) => Number(point.x)) : [];
  const span = times.length > 1 ? Math.max(...times) - Math.min(...times) : 0;
  const tick = (value: unknown) => (isTime ? (span > 86_400_000 ? dayAndTime : timeOnly).format(Number(value)) : String(value));
  const tooltipLabel = (value: unknown) => (isTime ? full.format(Number(value)) : String(value));
  const tooltipValue = (value: unknown) => (typeof value === 'number' && formatValue ? formatValue(value) : value === null ? '—' : String(value));
  const margin = { top: 4, right: 8, bottom: 0, left: -8 };
  // Points are drawn where they are few: otherwise a value between two gaps would not show at all.
  const valued = data.filter((point) => series.some((s) => point[s.key] !== null && point[s.key] !== undefined)).length;
  const dot = valued < 40 ? { r: 2.5 } : false;
  const shared = (
    <>
      <CartesianGrid stroke="var(--color-line)" vertical={false} />
      <XAxis dataKey="x" tickFormatter={tick} minTickGap={28} {...AXIS} />
      <YAxis tickFormatter={(value: number) => (formatValue ? formatValue(value) : value.toLocaleString())} width={formatValue ? 80 : 56} {...AXIS} />
      <Tooltip contentStyle={TOOLTIP_STYLE} labelFormatter={tooltipLabel} formatter={tooltipValue} cursor={kind === 'bar' ? { fill: 'var(--color-surface-3)', opacity: 0.4 } : undefined} />
      {series.length > 1 && <Legend wrapperStyle={{ fontSize: 12 }} />}
    </>
  );
  return (
    <div style={{ height }} role="img" aria-label={label} data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%">
        {kind === 'bar' ? (
          <BarChart data={data} margin={margin}>
            {shared}
            {series.map((s) => (
              <Bar key={s.key} dataKey={s.key} name={s.name} fill={s.color} stackId={isStacked ? 'stack' : undefined} isAnimationActive={false} />
            ))}
          </BarChart>
        ) : (
          <LineChart data={data} margin={margin}>
            {shared}
            {series.map((s) => (
              <Line key={s.key} type="monotone" dataKey={s.key} name={s.name} stroke={s.color} dot={dot} connectNulls isAnimationActive={false} />
            ))}
          </LineChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}

export default ReportChart;
