import { lazy, Suspense, useState } from 'react';
import { Activity, RefreshCw } from 'lucide-react';
import { FUNCTION_STATS_INTERVALS, type EdgeFunction, type FunctionStatsInterval } from '@plinth/api-contract';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { SegmentedControl } from '../../components/ui/segmented-control.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { LoadingArea } from '../../components/ui/spinner.tsx';
import { useFunctionStatsQuery } from '../../data/edge-functions/function-stats-query.ts';

// The charting library is the largest part of this page: it loads only when there is something to chart.
const StatsCharts = lazy(async () => ({ default: (await import('./stats-charts.tsx')).StatsCharts }));

const INTERVAL_LABELS: Record<FunctionStatsInterval, string> = { '1h': 'Last hour', '24h': 'Last 24 hours', '7d': 'Last 7 days' };

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="rounded-lg border border-line bg-surface px-4 py-3">
      <p className="text-xs uppercase tracking-wide text-fg-subtle">{label}</p>
      <p className="mt-1 text-xl font-semibold tabular-nums text-fg" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

const ms = (value: number | null) => (value === null ? '—' : `${value} ms`);

/** The Overview tab: invocations, errors and p50/p95 execution time over the last hour, day or week. */
export function FunctionOverview({ projectRef, fn }: { projectRef: string; fn: EdgeFunction }) {
  const [interval, setStatsInterval] = useState<FunctionStatsInterval>('24h');
  const stats = useFunctionStatsQuery(projectRef, fn.slug, interval);
  const totals = stats.data?.totals;

  return (
    <div className="space-y-4" data-testid="function-overview">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-sm font-semibold text-fg">{INTERVAL_LABELS[interval]}</h2>
        <div className="flex items-center gap-2">
          <Button size="sm" variant="outline" icon={<RefreshCw className="size-3.5" />} isLoading={stats.isFetching && !stats.isLoading} onClick={() => void stats.refetch()}>
            Refresh
          </Button>
          <SegmentedControl
            label="Interval"
            options={FUNCTION_STATS_INTERVALS.map((value) => ({ value, label: value }))}
            value={interval}
            onChange={setStatsInterval}
          />
        </div>
      </div>
      {stats.isLoading ? (
        <SkeletonRows rows={3} className="[&>div]:h-20" />
      ) : stats.isError || !stats.data || !totals ? (
        <ErrorState error={stats.error} title="Failed to load the function's statistics" onRetry={() => void stats.refetch()} />
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Figure label="Invocations" value={totals.count.toLocaleString()} testId="function-stat-count" />
            <Figure label="Errors" value={totals.errors.toLocaleString()} testId="function-stat-errors" />
            <Figure label="p50 execution time" value={ms(totals.p50_ms)} testId="function-stat-p50" />
            <Figure label="p95 execution time" value={ms(totals.p95_ms)} testId="function-stat-p95" />
          </div>
          {totals.count === 0 ? (
            <EmptyState
              icon={<Activity />}
              title="No invocations in this period"
              description="Invoke the function (the Test button above, supabase.functions.invoke() or its URL) and its requests show here."
              testId="function-stats-empty"
            />
          ) : (
            <Suspense fallback={<LoadingArea label="Loading charts" className="min-h-64" />}>
              <StatsCharts stats={stats.data} />
            </Suspense>
          )}
        </>
      )}
    </div>
  );
}
