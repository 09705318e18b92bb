import { useCallback, useMemo, useState } from 'react';
import { RefreshCw, ScrollText } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { SkeletonRows } from '../../components/ui/skeleton.tsx';
import { dedupeRows, rowKey, timeBounds } from '../../data/logs/log-rows.ts';
import { rowsOf, useLogsPagesQuery } from '../../data/logs/logs-query.ts';
import { LoadOlderFooter } from './load-older-footer.tsx';
import { LogDetailPanel } from './log-detail-panel.tsx';
import type { LogSourcePage } from './log-sources.ts';
import { QueryError } from './query-error.tsx';
import { SourceFiltersBar } from './source-filters-bar.tsx';
import { SourceLogTable } from './source-log-table.tsx';
import { hasFilters, NO_FILTERS, SOURCE_PAGE_SIZE, sourceLogsSql, type SourceFilters } from './source-sql.ts';
import { DEFAULT_RANGE, resolveRange, type RangeChoice } from './time-range.ts';
import { RetentionNote, TimeRangePicker } from './time-range-picker.tsx';
import { useLiveTail } from './use-live-tail.ts';
import { useProjectPlan } from './use-project-plan.ts';

/**
 * One log source's page (API Edge Network, Postgres, PostgREST, Auth, Storage, Realtime): its
 * entries newest first with search, status and method filters, Load older, details and live tail.
 * The filters become SQL for the same endpoint the explorer uses.
 */
export function SourceLogsView({ projectRef, page }: { projectRef: string; page: LogSourcePage }) {
  const { plan, slug } = useProjectPlan(projectRef);
  const [filters, setFilters] = useState<SourceFilters>(NO_FILTERS);
  const [range, setRange] = useState<RangeChoice>(DEFAULT_RANGE);
  const [refreshedAt, setRefreshedAt] = useState(() => Date.now());
  const [isLive, setIsLive] = useState(false);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);

  const sql = useMemo(() => sourceLogsSql(page, filters), [page, filters]);
  // A relative range is resolved when the filters, the range or Refresh change, not on every render.
  const request = useMemo(() => {
    const resolved = resolveRange(range, plan, refreshedAt);
    return { sql, iso_timestamp_start: resolved.start.toISOString(), iso_timestamp_end: resolved.end.toISOString() };
  }, [sql, range, plan, refreshedAt]);
  const query = useLogsPagesQuery(projectRef, request, { pageSize: SOURCE_PAGE_SIZE });
  const pageRows = useMemo(() => rowsOf(query.data), [query.data]);

  const liveDisabledReason = range.kind === 'custom' ? 'Live tail follows the newest entries: choose a “Last …” range.' : null;
  const newestMs = timeBounds(pageRows)?.newest ?? null;
  const tail = useLiveTail({ projectRef, sql, isOn: isLive && !liveDisabledReason, newestMs });
  const rows = useMemo(() => dedupeRows([...tail.rows, ...pageRows]), [tail.rows, pageRows]);
  const selected = rows.find((row) => rowKey(row) === selectedKey) ?? null;

  const changeFilters = useCallback((next: SourceFilters) => {
    setFilters(next);
    setSelectedKey(null);
  }, []);

  const serverError = query.data?.pages[0]?.error;
  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="source-logs" data-source={page.source}>
      <div className="shrink-0 space-y-3 border-b border-line px-6 pb-3 pt-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 space-y-1">
            <h1 className="text-xl font-semibold tracking-tight text-fg">{page.title}</h1>
            <p className="text-sm text-fg-muted">{page.description}</p>
          </div>
          <div className="flex items-center gap-2">
            <TimeRangePicker value={range} onChange={(next) => (setRange(next), setSelectedKey(null))} plan={plan} />
            <Button size="sm" variant="outline" icon={<RefreshCw className="size-3.5" />} isLoading={query.isFetching && !query.isFetchingNextPage} onClick={() => setRefreshedAt(Date.now())}>
              Refresh
            </Button>
          </div>
        </div>
        <SourceFiltersBar page={page} filters={filters} onChange={changeFilters} isLive={isLive} onLiveChange={setIsLive} liveDisabledReason={liveDisabledReason} />
        <RetentionNote value={range} plan={plan} slug={slug} />
        {isLive && !liveDisabledReason && (
          <p role="status" className="flex items-center gap-2 text-xs text-fg-muted" data-testid="logs-live-status">
            <span aria-hidden className="size-2 animate-pulse rounded-full bg-brand" />
            {tail.isPausedByHiddenTab ? 'Live tail rests while this tab is hidden.' : 'Live: new entries appear at the top as they are written.'}
            {tail.failure && <span className="text-danger">Could not check for new entries: {tail.failure}</span>}
          </p>
        )}
      </div>
      {serverError && <QueryError error={serverError} />}
      {query.isLoading ? (
        <SkeletonRows rows={6} className="p-6" />
      ) : query.isError ? (
        <ErrorState className="m-6" error={query.error} title="Failed to load logs" onRetry={() => void query.refetch()} />
      ) : serverError ? null : rows.length === 0 ? (
        <EmptyState
          className="m-6"
          icon={<ScrollText />}
          title="No log entries"
          description={hasFilters(filters) ? 'No entries in this time range match the filters.' : 'Nothing was logged in this time range. Choose a longer range, or turn on live tail to watch for new entries.'}
          testId="source-logs-empty"
          actions={hasFilters(filters) && (
            <Button variant="outline" size="sm" onClick={() => changeFilters(NO_FILTERS)}>
              Clear filters
            </Button>
          )}
        />
      ) : (
        <>
          <div className="flex min-h-0 flex-1">
            <div className="min-w-0 flex-1">
              <SourceLogTable page={page} rows={rows} selectedKey={selectedKey} onSelect={(row) => setSelectedKey(rowKey(row))} />
            </div>
            <LogDetailPanel row={selected} onClose={() => setSelectedKey(null)} />
          </div>
          <LoadOlderFooter hasOlder={query.hasNextPage} isLoading={query.isFetchingNextPage} onLoadOlder={() => void query.fetchNextPage()} />
        </>
      )}
    </div>
  );
}
