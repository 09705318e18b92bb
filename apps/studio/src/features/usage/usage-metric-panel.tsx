import type { DailyUsage, UsageMetric } from '@plinth/api-contract';
import { Badge } from '../../components/ui/badge.tsx';
import { LazyReportChart } from '../reports/lazy-chart.tsx';
import { formatUsage, isOverFreeUnits, METRIC_TITLES, type UsageEntry } from './usage-figures.ts';

const GAUGES = new Set<string>(['DATABASE_SIZE', 'STORAGE_SIZE', 'MONTHLY_ACTIVE_USERS', 'REALTIME_PEAK_CONNECTIONS', 'STORAGE_IMAGES_TRANSFORMED']);

/** One metric: the cycle's figure against what the plan includes, and its days as a chart. */
export function UsageMetricPanel({ entry, days }: { entry: UsageEntry; days: DailyUsage['days'] | undefined }) {
  const metric = entry.metric as UsageMetric;
  const text = METRIC_TITLES[metric] ?? { title: entry.metric, description: '' };
  const included = entry.pricing_free_units;
  const share = included && !entry.unlimited ? Math.min(100, (entry.usage / included) * 100) : null;
  const isOver = isOverFreeUnits(entry);
  const today = new Date().toISOString().slice(0, 10);
  // Days to come are blank; a past day with no reading is 0 for counts, blank for measured sizes.
  const data = (days ?? []).map((day) => ({ x: day.date.slice(5), value: day.values[metric] ?? (day.date > today || GAUGES.has(metric) ? null : 0) }));
  return (
    <section data-testid={`usage-${entry.metric}`} className="grid gap-4 border-b border-line py-6 last:border-b-0 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="space-y-2">
        <div className="flex items-center gap-2">
          <h2 className="text-sm font-semibold text-fg">{text.title}</h2>
          {!entry.available_in_plan && <Badge>Not included in plan</Badge>}
          {isOver && <Badge tone={entry.capped ? 'danger' : 'warning'}>Over the included amount</Badge>}
        </div>
        <p className="text-sm text-fg-muted">{text.description}</p>
        <p className="text-sm text-fg">
          <span className="font-mono text-base" data-testid={`usage-figure-${entry.metric}`}>{formatUsage(entry.metric, entry.usage)}</span>
          {included !== null && !entry.unlimited && entry.available_in_plan && (
            <span className="text-fg-muted"> of {formatUsage(entry.metric, included)} included</span>
          )}
          {entry.unlimited && <span className="text-fg-muted"> (no limit on this plan)</span>}
        </p>
        {share !== null && (
          <div className="h-1.5 overflow-hidden rounded-full bg-surface-3" role="progressbar" aria-valuenow={Math.round(share)} aria-valuemin={0} aria-valuemax={100} aria-label={`${text.title} used`}>
            <div className={isOver ? 'h-full bg-danger' : 'h-full bg-brand'} style={{ width: `${share}%` }} />
          </div>
        )}
      </div>
      <LazyReportChart
        data={data}
        series={[{ key: 'value', name: text.title, color: 'var(--color-brand)' }]}
        kind={GAUGES.has(metric) ? 'line' : 'bar'}
        isTime={false}
        formatValue={(value) => formatUsage(entry.metric, value)}
        label={`${text.title} per day of the billing cycle`}
        height={160}
      />
    </section>
  );
}
